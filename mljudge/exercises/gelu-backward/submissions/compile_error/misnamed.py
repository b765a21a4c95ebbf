import numpy as np


def gelu_grad(grad_output, x):
    t = np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3))
    return grad_output * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * np.sqrt(2 / np.pi) * (1 + 0.134145 * x**2))
