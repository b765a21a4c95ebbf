import torch
import torch.nn.functional as F


def swish(x, beta=1.0):
    # silu(βx)/β is swish; β = 0 needs its own branch.
    return F.silu(beta * x) / beta if beta != 0 else x / 2
