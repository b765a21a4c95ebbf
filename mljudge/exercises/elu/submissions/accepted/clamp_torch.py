import torch


def elu(x, alpha=1.0):
    return torch.clamp(x, min=0) + alpha * (torch.exp(torch.clamp(x, max=0)) - 1)
