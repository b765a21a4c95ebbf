# mistake: mask-indexed + empty-rows-nan
# Two known mistakes in one submission, recognised together: the mask is applied by boolean indexing, which
# raises on every mask that broadcasts ((B, 1, 1, L_k) padding masks, one causal mask for a batch), and a softmax
# over a row of only −inf gives NaN in a row that allows nothing.
import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores[~mask] = -np.inf
    scores = scores - scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    return weights @ v
