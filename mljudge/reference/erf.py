"""Error function by Abramowitz & Stegun formula 7.1.26 (|error| < 1.5e-7).

Kept free of ``math.erf`` and SciPy so the reference is the same closed form a learner can write by hand.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

_P = 0.3275911
_A1 = 0.254829592
_A2 = -0.284496736
_A3 = 1.421413741
_A4 = -1.453152027
_A5 = 1.061405429

# Beyond |x| = 6 the formula already rounds to exactly ±1.0 in float64; clipping keeps exp(-x²) far from
# the underflow range, so large inputs stay silent even under np.errstate(all="raise").
_SATURATION = 8.0


def erf(x: ArrayLike) -> NDArray[np.float64] | np.float64:
    """Return erf(x) elementwise, with absolute error below 1.5e-7.

    ``x`` may be a Python number, a (nested) list or an ndarray of any shape; it is converted to float64.
    The result is a float64 ndarray of the same shape, except that a 0-d input (e.g. a Python float)
    gives an ``np.float64`` scalar — always, so callers can rely on it either way.
    NaN propagates.
    """
    x = np.asarray(x, dtype=np.float64)
    # 7.1.26 is stated for x >= 0; odd symmetry covers the negative half.
    sign = np.sign(x)
    z = np.minimum(np.abs(x), _SATURATION)
    t = 1.0 / (1.0 + _P * z)
    poly = t * (_A1 + t * (_A2 + t * (_A3 + t * (_A4 + t * _A5))))
    result = sign * (1.0 - poly * np.exp(-z * z))
    # `[()]` turns a 0-d array into a scalar and leaves n-d arrays untouched.
    return np.asarray(result, dtype=np.float64)[()]
