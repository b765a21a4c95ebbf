# mistake: scaled-by-wrong-length
# The scale taken from v's last axis, d_v, instead of d_k.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(v.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return torch.softmax(scores, dim=-1).nan_to_num(0.0) @ v
