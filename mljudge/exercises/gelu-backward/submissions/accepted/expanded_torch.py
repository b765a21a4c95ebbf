# The same derivative with the product written out term by term.
import math

import torch


def gelu_backward(grad_output, x):
    c = math.sqrt(2 / math.pi)
    t = torch.tanh(c * (x + 0.044715 * x * x * x))
    left = 0.5 + 0.5 * t
    right = 0.5 * c * x * (1 - t) * (1 + t) + 0.5 * c * 0.134145 * x**3 * (1 - t**2)
    return grad_output * (left + right)
