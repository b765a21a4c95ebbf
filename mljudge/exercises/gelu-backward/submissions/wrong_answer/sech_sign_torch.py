# mistake: sech-sign
import math

import torch


def gelu_backward(grad_output, x):
    c = math.sqrt(2 / math.pi)
    t = torch.tanh(c * (x + 0.044715 * x**3))
    slope = 0.5 * (1 + t) + 0.5 * x * (t**2 - 1) * c * (1 + 3 * 0.044715 * x**2)
    return grad_output * slope
