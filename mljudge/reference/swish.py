"""Swish x·σ(βx) (SiLU when β = 1) and its analytic slope.

Every function takes a number, list or ndarray of any shape for ``x`` and a float ``beta``, and returns
float64 of the same shape (an ``np.float64`` scalar for 0-d input). σ comes from :mod:`reference.sigmoid`,
so nothing overflows: both are silent — no overflow, underflow or invalid warnings — for |x| in the thousands,
any β including 0, and every |x| ≥ 1. (Only a result that is itself below the normal float64 range, a tiny x
times a tail of σ near 1e-308, can raise the underflow flag.)
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from mljudge.reference.arrays import Float
from mljudge.reference.sigmoid import sigmoid


def swish(x: ArrayLike, beta: float = 1.0) -> Float:
    """Swish, x·σ(βx), elementwise (float64, same shape as ``x``). ``beta = 1`` is SiLU; ``beta = 0`` is x/2."""
    x = np.asarray(x, dtype=np.float64)
    return np.asarray(x * sigmoid(float(beta) * x), dtype=np.float64)[()]


def swish_slope(x: ArrayLike, beta: float = 1.0) -> Float:
    """Derivative of :func:`swish` in x: σ(βx) + βx·σ(βx)·σ(−βx), elementwise (float64).

    Written with σ(−βx) instead of 1 − σ(βx) so the second term keeps its precision in the tails.
    """
    x = np.asarray(x, dtype=np.float64)
    z = float(beta) * x
    s = sigmoid(z)
    return np.asarray(s + z * s * sigmoid(-z), dtype=np.float64)[()]
