# Writing into a copy (not into x itself) is fine.
import numpy as np


def relu(x):
    out = x.copy()
    out[out < 0] = 0.0
    return out
