# mistake: exact-slope
import math

import torch


def gelu_backward(grad_output, x):
    cdf = 0.5 * (1 + torch.erf(x / math.sqrt(2)))
    pdf = torch.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)
    return grad_output * (cdf + x * pdf)
