# Rebuild GELU with requires_grad and let autograd differentiate it: .backward() is refused.
import math

import torch


def gelu_backward(grad_output, x):
    x = x.detach().clone().requires_grad_()
    y = 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))
    y.backward(grad_output)
    return x.grad
