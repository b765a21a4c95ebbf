"""Known wrong versions of GELU. The judge recognises a learner's mistake when their outputs match one of these
on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray

SQRT_2_OVER_PI = np.sqrt(2.0 / np.pi)


def no_cubic(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return 0.5 * x * (1.0 + np.tanh(SQRT_2_OVER_PI * x))


def sqrt_2pi(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 * np.pi) * (x + 0.044715 * x**3)))


def missing_half(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return x * (1.0 + np.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x**3)))


def sigmoid_shortcut(x: NDArray[np.float64]) -> NDArray[np.float64]:
    with np.errstate(over="ignore"):
        return x / (1.0 + np.exp(-1.702 * x))
