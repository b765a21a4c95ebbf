import math

import torch


def gelu(x):
    # 0.5 * (1 + tanh(u)) == sigmoid(2u): an identity, not an approximation.
    u = math.sqrt(2 / math.pi) * (x + 0.044715 * torch.pow(x, 3))
    return x * torch.sigmoid(2 * u)
