import math

import numpy as np


def _gelu_scalar(v: float) -> float:
    return 0.5 * v * (1.0 + math.tanh(math.sqrt(2.0 / math.pi) * (v + 0.044715 * v**3)))


_gelu_vec = np.vectorize(_gelu_scalar, otypes=[np.float64])


def gelu(x):
    return _gelu_vec(x)
