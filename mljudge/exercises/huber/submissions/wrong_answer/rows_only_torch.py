# mistake: rows-only
# len() counts rows: right for 1-D input, too large for anything else.
import torch


def huber(pred, target, delta=1.0):
    d = pred - target
    a = d.abs()
    return torch.where(a <= delta, 0.5 * d * d, delta * (a - 0.5 * delta)).sum() / len(pred)
