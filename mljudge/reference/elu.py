"""ELU: x for x > 0, α·(eˣ − 1) for x ≤ 0, and its slope.

Every function takes a number, list or ndarray of any shape for ``x`` and a float ``alpha``, and returns
float64 of the same shape (an ``np.float64`` scalar for 0-d input). All are silent — no overflow, underflow
or invalid warnings — for any finite input, including |x| in the thousands.

Both branches of ``np.where`` are evaluated on every element, so the exponential only ever sees min(x, 0):
e^1000 would overflow to inf even though the positive branch is the one kept.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from mljudge.reference.arrays import Float

# e^x for x < −600 is below 1e-260: the slope α·eˣ is reported as exactly 0 there, which keeps exp out of its
# underflow range (and α·eˣ a normal float for any α down to 1e-40). expm1 needs no such guard: it is −1.
_TAIL_CUTOFF = 600.0


def elu(x: ArrayLike, alpha: float = 1.0) -> Float:
    """ELU, elementwise (float64, same shape as ``x``): x where x > 0, α·(eˣ − 1) where x ≤ 0.

    Uses expm1 on the negative side, exact near 0 where eˣ − 1 would cancel; ELU(0) = 0 for every α.
    """
    x = np.asarray(x, dtype=np.float64)
    negative = np.minimum(x, 0.0)
    return np.asarray(np.where(x > 0.0, x, float(alpha) * np.expm1(negative)), dtype=np.float64)[()]


def elu_slope(x: ArrayLike, alpha: float = 1.0) -> Float:
    """Derivative of :func:`elu`, elementwise (float64): 1 where x > 0, α·eˣ where x ≤ 0.

    At x = 0 the left-hand value α is used (as PyTorch's backward does); the slope is continuous there only
    for α = 1. On the negative side α·eˣ = ELU(x) + α.
    """
    x = np.asarray(x, dtype=np.float64)
    negative = np.clip(x, -_TAIL_CUTOFF, 0.0)
    tail = np.where(x < -_TAIL_CUTOFF, 0.0, float(alpha) * np.exp(negative))
    return np.asarray(np.where(x > 0.0, 1.0, tail), dtype=np.float64)[()]
