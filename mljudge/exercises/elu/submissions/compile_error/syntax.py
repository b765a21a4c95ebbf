import numpy as np


def elu(x, alpha=1.0):
    if x > 0
        return x
    return alpha * (np.exp(x) - 1)
