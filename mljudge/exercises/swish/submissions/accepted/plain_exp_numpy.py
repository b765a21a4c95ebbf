# The textbook 1/(1 + e^(−z)): e^(1000) overflows to inf for x = −1000 (with a warning), and 1/inf = 0 is right.
import numpy as np


def swish(x, beta=1.0):
    return x / (1 + np.exp(-beta * x))
