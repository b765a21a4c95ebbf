# einsum for both products; the empty-row rule applied with nan_to_num after an ordinary stable softmax.
import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = np.einsum("...qd,...kd->...qk", q, k) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    with np.errstate(invalid="ignore"):
        shifted = scores - scores.max(axis=-1, keepdims=True)  # −inf − (−inf) = NaN in an empty row
        e = np.exp(shifted)
        weights = np.nan_to_num(e / e.sum(axis=-1, keepdims=True), nan=0.0)
    return np.einsum("...qk,...kd->...qd", weights, v)
