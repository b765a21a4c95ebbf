import torch


def gelu(x):
    return torch.nn.GELU(approximate="tanh")(x)
