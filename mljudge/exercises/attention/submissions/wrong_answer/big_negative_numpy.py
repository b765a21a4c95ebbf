# mistake: empty-rows-mean
# −1e9 instead of −inf: no NaN, but a row that allows nothing spreads its weight evenly over every key.
import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask, scores, -1e9)
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (e / e.sum(axis=-1, keepdims=True)) @ v
