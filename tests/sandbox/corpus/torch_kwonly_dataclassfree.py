from typing import NamedTuple

import torch


class GeluParams(NamedTuple):
    coefficient: float = 0.044715
    scale: float = (2 / 3.141592653589793) ** 0.5


DEFAULTS = GeluParams()


def gelu(x, *, params=DEFAULTS):
    with torch.no_grad():
        inner = params.scale * (x + params.coefficient * x**3)
        return 0.5 * x * (1 + torch.tanh(inner))
