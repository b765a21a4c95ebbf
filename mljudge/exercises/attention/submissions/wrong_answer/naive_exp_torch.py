# mistake: no-max-shift
# masked_fill(−inf), then exp of the scores as they are: inf/inf = NaN once an allowed score passes about 709.
import math

import torch


def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    e = torch.exp(scores)
    return (e / e.sum(dim=-1, keepdim=True)) @ v
