import math

import numpy as np


def gelu(x):
    c = math.sqrt(2 / math.pi)
    values = [0.5 * v * (1 + math.tanh(c * (v + 0.044715 * v**3))) for v in x.flat]
    lookup = {i: v for i, v in enumerate(values)}
    ordered = [lookup[i] for i in range(len(values)) if i in lookup]
    return np.array(ordered, dtype=np.float64).reshape(x.shape)
