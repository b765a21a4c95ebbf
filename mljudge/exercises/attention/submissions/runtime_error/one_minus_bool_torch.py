# 1 − mask on a boolean tensor: PyTorch refuses arithmetic subtraction on bool.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores - 1e9 * (1 - mask)
    return torch.softmax(scores, dim=-1) @ v
