import numpy as np


def mse(pred, target):
    d = np.ravel(pred - target)
    return np.einsum("i,i->", d, d) / d.size
