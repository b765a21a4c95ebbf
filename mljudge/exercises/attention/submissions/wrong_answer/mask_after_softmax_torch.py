# mistake: mask-after-softmax
# The forbidden weights zeroed after an unmasked softmax; the rest not renormalised.
import math

import torch


def attention(q, k, v, mask=None):
    weights = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]), dim=-1)
    if mask is not None:
        weights = weights * mask
    return weights @ v
