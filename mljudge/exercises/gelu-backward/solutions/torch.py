import math

import torch

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
CUBIC = 0.044715


def gelu_backward(grad_output: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    t = torch.tanh(SQRT_2_OVER_PI * (x + CUBIC * x.pow(3)))
    du_dx = SQRT_2_OVER_PI * (1.0 + 3.0 * CUBIC * x.pow(2))
    slope = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * du_dx
    return grad_output * slope
