import torch
from torch import nn


def batch_norm(x, gamma, beta, eps=1e-5):
    layer = nn.BatchNorm1d(x.shape[1], eps=eps, dtype=torch.float64)
    with torch.no_grad():
        layer.weight.copy_(gamma)
        layer.bias.copy_(beta)
    return layer(x)
