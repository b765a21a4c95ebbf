# mistake: softmax-over-queries
# dim=-2: each column of weights (one key) adds up to 1, over the queries.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    return torch.softmax(scores, dim=-2).nan_to_num(0.0) @ v
