import math

import torch


def gelu(x):
    # Mixed precision: compute in float32, hand back the caller's dtype.
    original = x.dtype
    h = x.float()
    out = 0.5 * h * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (h + 0.044715 * h * h * h)))
    return out.to(original)
