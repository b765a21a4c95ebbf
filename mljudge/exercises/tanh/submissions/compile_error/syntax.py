import numpy as np


def tanh(x):
    z = np.exp(-2 * np.abs(x))
    return np.sign(x) * (1 - z) / (1 + z))
