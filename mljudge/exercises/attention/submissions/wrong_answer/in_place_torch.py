# mistake: changed-in-place
# The mask negated in place to use it with masked_fill: the caller's mask is now inverted.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        blocked = mask.logical_not_()
        scores = scores.masked_fill(blocked, float("-inf"))
    return torch.softmax(scores, dim=-1).nan_to_num(0.0) @ v
