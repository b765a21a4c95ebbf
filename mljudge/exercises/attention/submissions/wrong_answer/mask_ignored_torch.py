# mistake: mask-ignored
# The mask is accepted and forgotten.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    return torch.softmax(scores, dim=-1) @ v
