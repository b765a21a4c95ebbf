import numpy as np


def elu(x, alpha=1.0):
    out = np.minimum(x, 0)
    while True:
        out = np.maximum(out, -alpha)
    return out
