import numpy as np

_K = 0.044715


def _cube(x):
    return x * x * x


def _inner(x):
    return np.sqrt(2.0 / np.pi) * (x + _K * _cube(x))


def gelu(x):
    _half = 0.5
    return _half * x * (1.0 + np.tanh(_inner(x)))
