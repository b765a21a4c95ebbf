import math

import torch
from torch import nn


class TanhGELU(nn.Module):
    def __init__(self):
        super().__init__()
        self._c = math.sqrt(2 / math.pi)
        self._k = 0.044715

    def _inner(self, x):
        return self._c * (x + self._k * torch.pow(x, 3))

    def forward(self, x):
        return 0.5 * x * (1 + torch.tanh(self._inner(x)))


_act = TanhGELU().eval()


def gelu(x):
    with torch.no_grad():
        return _act(x)
