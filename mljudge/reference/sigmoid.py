"""The logistic sigmoid σ(x) = 1/(1 + e⁻ˣ) and its slope, computed without overflow.

This is the one stable sigmoid of the reference package: other modules that need σ (tanh, Swish/SiLU, …)
import it from here rather than keep a copy.

Every function takes a number, list or ndarray of any shape and returns float64 of the same shape (an
``np.float64`` scalar for 0-d input). All are silent — no overflow/underflow/invalid warnings, even under
``np.errstate(all="raise")`` — for any finite input, including |x| in the thousands. NaN propagates.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float

# e^(−708) ≈ 3.3e-308 is still a normal float64; a little further exp() returns subnormals and raises the
# underflow flag. Beyond the cutoff e^(−|x|) is reported as exactly 0: σ(x) for x < −708 is then 0 instead of
# a number below 3.3e-308, and the slope likewise, which no float64 arithmetic downstream can notice.
EXP_CUTOFF = 708.0


def _out(result: ArrayLike) -> Float:
    # 0-d in, np.float64 out; otherwise an ndarray of the input's shape (the convention of reference.erf).
    return np.asarray(result, dtype=np.float64)[()]


def _exp_neg_abs(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """e^(−|x|), in (0, 1]: it can never overflow. Exactly 0 past EXP_CUTOFF, so it never underflows either."""
    a = np.abs(x)
    z = np.exp(-np.minimum(a, EXP_CUTOFF))
    return np.where(a > EXP_CUTOFF, 0.0, z)  # NaN > cutoff is False, so NaN stays NaN


def sigmoid(x: ArrayLike) -> Float:
    """σ(x) = 1/(1 + e⁻ˣ), elementwise, in [0, 1].

    Only ever exponentiates −|x|: with z = e^(−|x|), σ(x) = 1/(1 + z) for x ≥ 0 and z/(1 + z) for x < 0
    (the same value, multiplied through by eˣ). Both branches are accurate to a few ulps, including the tiny
    values far to the left.
    """
    x = np.asarray(x, dtype=np.float64)
    z = _exp_neg_abs(x)
    return _out(np.where(x >= 0.0, 1.0 / (1.0 + z), z / (1.0 + z)))


def sigmoid_slope(x: ArrayLike) -> Float:
    """σ′(x) = σ(x)·(1 − σ(x)) = e^(−|x|)/(1 + e^(−|x|))², elementwise; 0.25 at x = 0, its largest value.

    Written with e^(−|x|) (σ′ is even) rather than as σ·(1 − σ), whose factor 1 − σ rounds to exactly 0
    for x > 37 although the true slope is still about e⁻ˣ.
    """
    x = np.asarray(x, dtype=np.float64)
    z = _exp_neg_abs(x)
    return _out(z / ((1.0 + z) * (1.0 + z)))
