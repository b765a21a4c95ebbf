# An explicit loop writing into a new array, item by item.
import numpy as np


def gelu(x):
    out = np.empty_like(x)
    c = np.sqrt(2 / np.pi)
    for i, v in enumerate(x.flat):
        out.flat[i] = 0.5 * v * (1 + np.tanh(c * (v + 0.044715 * v**3)))
    return out
