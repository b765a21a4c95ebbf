import numpy as np


def silu(x, beta=1.0):
    return x / (1 + np.exp(-beta * x))
