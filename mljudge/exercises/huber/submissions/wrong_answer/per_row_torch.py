# mistake: not-averaged
# The mean over the last dimension only: one loss per row.
import torch


def huber(pred, target, delta=1.0):
    d = pred - target
    a = d.abs()
    return torch.where(a <= delta, 0.5 * d * d, delta * (a - 0.5 * delta)).mean(dim=-1)
