import numpy as np


def tanh(x):
    return np.tanh(x)
