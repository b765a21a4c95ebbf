# The legacy RandomState API draws another stream: another valid answer, judged by the same properties.
import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.copy()
    if p == 1:
        return np.zeros_like(x)
    u = np.random.RandomState(seed).uniform(size=x.shape)
    out = np.zeros_like(x)
    kept = u >= p
    out[kept] = x[kept] / (1 - p)
    return out
