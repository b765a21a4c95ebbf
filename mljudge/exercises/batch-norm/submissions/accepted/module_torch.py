# An nn.Module holding γ and β as parameters, as a layer would; the statistics come from the batch it is given.
import torch
from torch import nn


class BatchNorm(nn.Module):
    def __init__(self, gamma, beta, eps):
        super().__init__()
        self.weight = nn.Parameter(gamma.clone(), requires_grad=False)
        self.bias = nn.Parameter(beta.clone(), requires_grad=False)
        self.eps = eps

    def forward(self, x):
        centred = x - x.mean(dim=0)
        var = centred.pow(2).mean(dim=0)
        return self.weight * centred / (var + self.eps).sqrt() + self.bias


def batch_norm(x, gamma, beta, eps=1e-5):
    return BatchNorm(gamma, beta, eps)(x)
