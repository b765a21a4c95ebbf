import math

import torch
from torch import nn


class TanhGELU(nn.Module):
    """GELU with the tanh approximation, as a layer (drop-in for nn.GELU(approximate="tanh"))."""

    def __init__(self) -> None:
        super().__init__()
        self.k = math.sqrt(2.0 / math.pi)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return 0.5 * x * (1.0 + torch.tanh(self.k * (x + 0.044715 * x**3)))


_layer = TanhGELU()


@torch.no_grad()
def gelu(x: torch.Tensor) -> torch.Tensor:
    return _layer(x)
