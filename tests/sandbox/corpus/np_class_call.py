import math

import numpy as np


class TanhGelu:
    """A small callable object, as one might write for an activation registry."""

    def __init__(self, coefficient=0.044715):
        self.coefficient = coefficient
        self.scale = math.sqrt(2.0 / math.pi)
        self.calls = 0

    def __call__(self, x):
        self.calls += 1
        return 0.5 * x * (1.0 + np.tanh(self.scale * (x + self.coefficient * x**3)))

    def __repr__(self):
        return f"TanhGelu(coefficient={self.coefficient})"


_activation = TanhGelu()


def gelu(x):
    return _activation(x)
