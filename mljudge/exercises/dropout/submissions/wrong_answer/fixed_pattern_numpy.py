# mistake: fixed-pattern
# No randomness at all: the first round(p·n) units are switched off. Every element is 0 or x/(1 − p) and the
# share dropped is exactly p, so only the checker's spread test on the large cases can tell: one half of the
# array loses far more units than the other.
import numpy as np


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.copy()
    if p == 1:
        return np.zeros_like(x)
    flat = (x / (1 - p)).ravel()
    flat[: round(p * flat.size)] = 0.0
    return flat.reshape(x.shape)
