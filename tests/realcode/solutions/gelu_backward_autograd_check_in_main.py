import math

import torch
from torch.autograd import grad

C = math.sqrt(2 / math.pi)
A = 0.044715


def gelu_backward(grad_output, x):
    # d/dx [0.5 x (1 + tanh(u))], u = C (x + A x^3)
    u = C * (x + A * x ** 3)
    t = torch.tanh(u)
    du = C * (1 + 3 * A * x ** 2)
    return grad_output * (0.5 * (1 + t) + 0.5 * x * (1 - t ** 2) * du)


if __name__ == "__main__":
    # check my derivative against autograd
    x = torch.linspace(-5, 5, 101, dtype=torch.float64, requires_grad=True)
    y = 0.5 * x * (1 + torch.tanh(C * (x + A * x ** 3)))
    (g,) = grad(y.sum(), x)
    mine = gelu_backward(torch.ones_like(x), x.detach())
    print("max error:", (g - mine).abs().max().item())
