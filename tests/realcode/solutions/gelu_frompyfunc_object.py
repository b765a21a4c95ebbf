import math

import numpy as np


def _gelu_scalar(v):
    return 0.5 * v * (1.0 + math.tanh(math.sqrt(2.0 / math.pi) * (v + 0.044715 * v ** 3)))


# frompyfunc turns the scalar formula into a ufunc that broadcasts over any shape
_gelu_ufunc = np.frompyfunc(_gelu_scalar, 1, 1)


def gelu(x):
    return _gelu_ufunc(x)
