import numpy as np


def max_pool2d(x, kernel_size=2, stride=None):
    best = -np.inf
    i = 0
    while i < x.shape[-1]:
        best = max(best, float(x.flat[i]))
        i = i * stride if stride else i  # 0 · anything stays 0
    return np.array(best)
