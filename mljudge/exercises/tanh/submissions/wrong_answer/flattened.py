# mistake: flattened
import math

import numpy as np


def tanh(x):
    out = []
    for v in x.ravel():
        z = math.exp(-2 * abs(v))
        out.append(math.copysign((1 - z) / (1 + z), v))
    return np.array(out)
