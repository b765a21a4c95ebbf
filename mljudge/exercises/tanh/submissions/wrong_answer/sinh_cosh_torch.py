# mistake: naive-overflow
import torch


def tanh(x):
    return torch.sinh(x) / torch.cosh(x)
