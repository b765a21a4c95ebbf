# mistake: negated
import torch


def tanh(x):
    z = torch.exp(-2 * torch.abs(x))
    return torch.sign(x) * (z - 1) / (1 + z)
