# A fair coin for every unit whatever p is: the values are right, but half the units are dropped, not a share p.
# Only the large cases can tell; the checker reports the share of dropped units.
import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.copy()
    if p == 1:
        return np.zeros_like(x)
    keep = np.random.default_rng(seed).integers(0, 2, size=x.shape) == 1
    return np.where(keep, x / (1 - p), 0.0)
