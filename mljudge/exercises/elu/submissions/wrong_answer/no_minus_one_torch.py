# mistake: no-minus-one
import torch


def elu(x, alpha=1.0):
    return torch.where(x > 0, x, alpha * torch.exp(torch.clamp(x, max=0)))
