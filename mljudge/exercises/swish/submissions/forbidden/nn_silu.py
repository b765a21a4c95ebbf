import torch


def swish(x, beta=1.0):
    return torch.nn.SiLU()(beta * x) / beta if beta else 0.5 * x
