import math

import numpy as np


def make_gelu(coefficient):
    calls = 0

    def gelu(x):
        nonlocal calls
        calls += 1

        def inner(t):
            return math.sqrt(2 / math.pi) * (t + coefficient * t**3)

        return 0.5 * x * (1 + np.tanh(inner(x)))

    return gelu


gelu = make_gelu(0.044715)
