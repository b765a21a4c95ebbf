# An nn.Module, the way a layer would be written, with windows from Tensor.unfold and a max over each.
import torch
from torch import nn


class MaxPool(nn.Module):
    def __init__(self, kernel_size, stride=None):
        super().__init__()
        self.k = kernel_size
        self.s = kernel_size if stride is None else stride

    def forward(self, x):
        rows = x.unfold(-2, self.k, self.s)  # (..., H', W, k)
        windows = rows.unfold(-2, self.k, self.s)  # (..., H', W', k, k)
        return windows.flatten(-2).max(dim=-1).values


def max_pool2d(x, kernel_size=2, stride=None):
    return MaxPool(kernel_size, stride)(x)
