# mistake: missing-half
import math

import torch


def gelu(x):
    return x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))
