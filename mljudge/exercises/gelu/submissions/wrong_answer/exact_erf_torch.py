# mistake: exact-erf
import math

import torch


def gelu(x):
    return x * 0.5 * (1 + torch.erf(x / math.sqrt(2)))
