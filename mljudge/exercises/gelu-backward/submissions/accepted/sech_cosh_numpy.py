# sech² as 1/cosh²: cosh overflows to inf for |x| ≳ 25 (with a warning), but 1/inf = 0 is the right limit.
import numpy as np


def gelu_backward(grad_output, x):
    c = np.sqrt(2 / np.pi)
    u = c * (x + 0.044715 * x**3)
    gate = 0.5 * (1 + np.tanh(u))
    sech2 = 1 / np.cosh(u) ** 2
    return grad_output * (gate + 0.5 * x * sech2 * c * (1 + 0.134145 * x**2))
