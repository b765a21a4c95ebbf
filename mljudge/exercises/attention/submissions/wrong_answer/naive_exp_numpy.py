# mistake: no-max-shift-product
# exp of the scores as they are, times the mask: inf/inf, and inf·0 for a forbidden large score, are NaN.
import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])
    with np.errstate(all="ignore"):
        e = np.exp(scores)
        if mask is not None:
            e = e * mask
        return (e / e.sum(axis=-1, keepdims=True)) @ v
