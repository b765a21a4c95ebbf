"""The trusted reference for the leaky-relu exercise, and the curves of its lesson: `leaky_relu` and its slope.
Pinned to PyTorch's own leaky_relu and to hand-computed values by tests/test_leaky_relu.py."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def leaky_relu(x: ArrayLike, negative_slope: float = 0.01) -> NDArray[np.float64]:
    """x where x > 0, negative_slope·x elsewhere, elementwise (+0.0 at zero, never −0.0)."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0.0, x, negative_slope * x) + 0.0


def leaky_relu_slope(x: ArrayLike, negative_slope: float = 0.01) -> NDArray[np.float64]:
    """The slope: 1 for x > 0, negative_slope for x < 0 (and at 0, as PyTorch's gradient takes it)."""
    x = np.asarray(x, dtype=np.float64)
    return np.where(x > 0.0, 1.0, negative_slope)
