# mistake: missing-half
import torch


def huber(pred, target, delta=1.0):
    d = pred - target
    a = d.abs()
    return torch.where(a <= delta, d**2, delta * (a - 0.5 * delta)).mean()
