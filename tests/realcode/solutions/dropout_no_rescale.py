import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training:
        return x.copy()
    rng = np.random.default_rng(seed)
    keep = rng.random(x.shape) >= p
    return x * keep
