# An nn.Module, as one would write it in a model, called from the function.
import math

import torch
from torch import nn


class TanhGELU(nn.Module):
    def __init__(self):
        super().__init__()
        self.c = math.sqrt(2 / math.pi)

    def forward(self, x):
        return 0.5 * x * (1 + torch.tanh(self.c * (x + 0.044715 * x**3)))


_act = TanhGELU()


def gelu(x):
    return _act(x)
