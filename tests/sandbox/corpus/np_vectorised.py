"""Plain vectorised NumPy with a module-level constant computed at import."""

import math

import numpy as np

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


def gelu(x):
    inner = SQRT_2_OVER_PI * (x + 0.044715 * np.power(x, 3))
    return 0.5 * x * (1.0 + np.tanh(inner))
