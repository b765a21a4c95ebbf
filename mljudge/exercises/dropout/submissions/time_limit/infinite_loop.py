import numpy as np


def dropout(x, p, training=True, seed=0):
    rng = np.random.default_rng(seed)
    kept = 0
    while kept >= 0:
        kept += int(rng.random() >= p)
    return x
