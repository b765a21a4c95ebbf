import numpy as np


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0)
    rng = np.random.default_rng(seed)
    return np.full(len(y), 0.5)
