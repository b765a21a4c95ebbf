# mistake: exp-ratio-nan
import torch


def swish(x, beta=1.0):
    e = torch.exp(beta * x)
    return x * e / (1 + e)
