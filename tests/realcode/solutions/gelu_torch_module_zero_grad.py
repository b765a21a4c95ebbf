"""GELU as a small nn.Module, the way a PyTorch course writes layers; the training-loop habit of clearing
gradients before a forward pass comes along."""

import math

import torch
from torch import nn


class TanhGELU(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c = math.sqrt(2.0 / math.pi)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return 0.5 * x * (1.0 + torch.tanh(self.c * (x + 0.044715 * x.pow(3))))


_layer = TanhGELU()


def gelu(x):
    _layer.zero_grad()
    _layer.eval()
    with torch.no_grad():
        return _layer(x)
