# Importing the function by name instead of reaching it through torch.autograd: refused all the same.
import math

import torch
from torch.autograd import grad


def gelu_backward(grad_output, x):
    x = x.detach().requires_grad_()
    y = 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))
    return grad(y, x, grad_output)[0]
