# The right number, but sub_ overwrites pred with the errors on the way.
import torch


def huber(pred, target, delta=1.0):
    d = pred.sub_(target)
    a = d.abs()
    return torch.where(a <= delta, 0.5 * d * d, delta * (a - 0.5 * delta)).mean()
