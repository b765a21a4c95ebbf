# mistake: no-scaling
# No 1/√d_k, and NaN in a row that allows nothing as well: the scaling is still what the hint names first.
import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2)
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    with np.errstate(invalid="ignore"):
        e = np.exp(scores - scores.max(axis=-1, keepdims=True))
        return (e / e.sum(axis=-1, keepdims=True)) @ v
