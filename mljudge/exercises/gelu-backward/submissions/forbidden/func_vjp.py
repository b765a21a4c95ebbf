import math

import torch
from torch import func


def _gelu(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


def gelu_backward(grad_output, x):
    _, pullback = func.vjp(_gelu, x)
    return pullback(grad_output)[0]
