# ELU with α = 0 sends every negative input to 0·(eˣ − 1) = 0: ReLU exactly.
from torch import nn

_act = nn.ELU(alpha=0.0)


def relu(x):
    return _act(x.double())
