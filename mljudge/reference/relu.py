"""ReLU, max(0, x), and its slope.

Both functions take a number, list or ndarray of any shape and return float64 of the same shape (an
``np.float64`` scalar for 0-d input). Nothing here can overflow, so they are silent for any input.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from mljudge.reference.arrays import Float


def _out(result: ArrayLike) -> Float:
    # 0-d in, np.float64 out; otherwise an ndarray of the input's shape (the convention of reference.erf).
    return np.asarray(result, dtype=np.float64)[()]


def relu(x: ArrayLike) -> Float:
    """ReLU(x) = max(0, x), elementwise. Zero (either sign) gives +0.0; NaN propagates, as in torch.relu."""
    x = np.asarray(x, dtype=np.float64)
    # np.maximum(-0.0, 0.0) may return -0.0; adding +0.0 turns it into +0.0 (IEEE: -0 + +0 = +0), so expected
    # values never show a "-0.0" to learners. It changes no other value.
    return _out(np.maximum(x, 0.0) + 0.0)


def relu_slope(x: ArrayLike) -> Float:
    """The slope of ReLU: 0 for x < 0, 1 for x > 0, and 0 at x = 0 itself.

    ReLU has a corner at 0, where no derivative exists; 0 there is the convention of PyTorch's autograd
    (and of most frameworks), so a unit whose input is exactly 0 gets no gradient. NaN propagates.
    """
    x = np.asarray(x, dtype=np.float64)
    return _out(np.where(np.isnan(x), x, np.where(x > 0.0, 1.0, 0.0)))
