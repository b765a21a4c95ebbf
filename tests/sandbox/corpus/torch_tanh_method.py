import torch
from torch import Tensor

SQRT_2_OVER_PI = (2 / torch.pi) ** 0.5


def gelu(x: Tensor) -> Tensor:
    a = torch.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x**3))
    b = (SQRT_2_OVER_PI * (x + 0.044715 * x**3)).tanh()
    assert torch.allclose(a, b)
    return x * (1 + b) / 2
