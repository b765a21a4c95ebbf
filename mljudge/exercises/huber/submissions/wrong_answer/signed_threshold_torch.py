# mistake: signed-threshold
import torch


def huber(pred, target, delta=1.0):
    d = pred - target
    return torch.where(d <= delta, 0.5 * d * d, delta * (d.abs() - 0.5 * delta)).mean()
