# `@` is a matrix product, not an elementwise one: it fails on the 2-D cases (and is wrong on 1-D ones).
import numpy as np


def gelu_backward(grad_output, x):
    t = np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3))
    slope = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * np.sqrt(2 / np.pi) * (1 + 0.134145 * x**2)
    return grad_output @ slope
