# Halving x until it is "small" and doubling back with tanh(2a) = 2t/(1 + t^2) — but x is never halved.
import numpy as np


def tanh(x):
    a = x.copy()
    steps = 0
    while np.max(np.abs(a)) > 1e-3:
        steps += 1
    t = a
    for _ in range(steps):
        t = 2 * t / (1 + t * t)
    return t
