# mistake: power-rule
import math

import torch


def gelu_backward(grad_output, x):
    c = math.sqrt(2 / math.pi)
    t = torch.tanh(c * (x + 0.044715 * x**3))
    return grad_output * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * c * (1 + 0.044715 * x**2))
