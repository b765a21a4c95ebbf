# mistake: beta-outside
import torch


def swish(x, beta=1.0):
    return beta * x * torch.sigmoid(x)
