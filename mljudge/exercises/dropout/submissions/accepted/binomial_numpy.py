# A 0/1 mask straight from rng.binomial, kept units scaled by multiplication.
import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return np.array(x, copy=True)
    if p == 1:
        return np.zeros_like(x)
    rng = np.random.default_rng(seed)
    mask = rng.binomial(1, 1 - p, size=x.shape)
    return x * mask * (1 / (1 - p))
