# mistake: keep-prob-swapped
import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training:
        return x.copy()
    keep = np.random.default_rng(seed).random(x.shape) < p
    return x * keep / p
