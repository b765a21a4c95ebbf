# mistake: mask-nan
import torch


def elu(x, alpha=1.0):
    pos = (x > 0).double()
    return pos * x + (1 - pos) * alpha * (torch.exp(x) - 1)
