import math

import numpy as np

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


def gelu(x: np.ndarray) -> np.ndarray:
    inner = SQRT_2_OVER_PI * (x + 0.044715 * x**3)
    return 0.5 * x * (1.0 + np.tanh(inner))
