import numpy as np


def relu(x):
    out = x.copy()
    i = 0
    while i < out.size:
        if out.flat[i] < 0:
            out.flat[i] = 0.0
        # forgot i += 1
    return out
