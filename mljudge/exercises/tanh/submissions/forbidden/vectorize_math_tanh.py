# The scalar math.tanh, applied elementwise: caught by identity, whatever it is wrapped in.
import math

import numpy as np

_t = math.tanh


def tanh(x):
    return np.vectorize(_t)(x)
