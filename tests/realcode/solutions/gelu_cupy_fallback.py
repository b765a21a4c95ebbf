"""Activation kernels that run on the GPU when CuPy is there, on the CPU otherwise."""
import math

import numpy as np

try:
    import cupy as xp  # GPU
except ImportError:  # no CUDA on this machine
    xp = np

_C = math.sqrt(2.0 / math.pi)


def gelu(x):
    x = xp.asarray(x)
    return 0.5 * x * (1.0 + xp.tanh(_C * (x + 0.044715 * x * x * x)))
