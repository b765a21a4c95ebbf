# mistake: mask-inverted
# nn.MultiheadAttention's habit: True taken as "blocked".
import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask, -np.inf, scores)
    with np.errstate(invalid="ignore"):
        e = np.exp(scores - scores.max(axis=-1, keepdims=True))
        weights = np.nan_to_num(e / e.sum(axis=-1, keepdims=True))
    return weights @ v
