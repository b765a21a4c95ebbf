# An `if` on a whole array: "is x >= 0?" has no single answer for an array of several values.
import numpy as np


def tanh(x):
    if x >= 0:
        e = np.exp(-2 * x)
        return (1 - e) / (1 + e)
    e = np.exp(2 * x)
    return (e - 1) / (e + 1)
