# math.tanh takes one number, not an array: every case stops with a TypeError (np.tanh is the elementwise one).
import math

import numpy as np


def gelu_backward(grad_output, x):
    t = math.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3))
    slope = 0.5 * (1 + t) + 0.5 * x * (1 - t * t) * np.sqrt(2 / np.pi) * (1 + 0.134145 * x**2)
    return grad_output * slope
