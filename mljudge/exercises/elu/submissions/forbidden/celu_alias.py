# CELU(x, 1) is ELU(x, 1); scaled, it gives any α. Another name for the same function is refused too.
import torch


def elu(x, alpha=1.0):
    return torch.clamp(x, min=0) + alpha * torch.clamp(torch.celu(x), max=0)
