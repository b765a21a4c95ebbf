import functools
import math

import numpy as np


@functools.lru_cache(maxsize=16)
def scale() -> float:
    return math.sqrt(2.0 / math.pi)


@functools.cache
def coefficient() -> float:
    return 0.044715


def gelu(x):
    return 0.5 * x * (1.0 + np.tanh(scale() * (x + coefficient() * x**3)))
