# Compute the negative side only where it is needed, on a float copy (the integer case must not stay integer).
import torch


def elu(x, alpha=1.0):
    out = x.to(torch.float64, copy=True)
    neg = out <= 0
    out[neg] = alpha * (torch.exp(out[neg]) - 1)
    return out
