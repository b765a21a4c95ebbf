# Right mask and scale, but drawn from an unseeded generator: every call drops other units, so calling twice with
# the same seed gives two different masks (the case "same-seed-again").
import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training or p == 0.0:
        return x.copy()
    if p >= 1.0:
        return np.zeros_like(x)
    keep = np.random.default_rng().random(x.shape) >= p
    return np.where(keep, x / (1.0 - p), 0.0)
