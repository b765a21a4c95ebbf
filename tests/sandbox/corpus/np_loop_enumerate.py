import math

import numpy as np


def gelu(x):
    flat = x.ravel()
    out = np.empty_like(flat)
    for i, v in enumerate(flat):
        out[i] = 0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v * v * v)))
    return out.reshape(x.shape)
