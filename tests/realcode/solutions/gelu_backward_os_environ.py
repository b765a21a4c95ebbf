import os

import numpy as np

SQRT_2_OVER_PI = np.sqrt(2.0 / np.pi)


def gelu_backward(grad_output, x):
    t = np.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x ** 3))
    dt = (1 - t * t) * SQRT_2_OVER_PI * (1 + 3 * 0.044715 * x ** 2)
    out = grad_output * (0.5 * (1 + t) + 0.5 * x * dt)
    if os.environ.get("GELU_DEBUG"):
        print("gelu_backward:", out.shape, out.dtype)
    return out
