# mistake: exp2x-overflow
import torch


def tanh(x):
    e = torch.exp(2 * x)
    return (e - 1) / (e + 1)
