import math

import numpy as np

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
CUBIC = 0.044715


def gelu_backward(grad_output: np.ndarray, x: np.ndarray) -> np.ndarray:
    t = np.tanh(SQRT_2_OVER_PI * (x + CUBIC * x**3))
    du_dx = SQRT_2_OVER_PI * (1.0 + 3.0 * CUBIC * x**2)
    slope = 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * du_dx
    return grad_output * slope
