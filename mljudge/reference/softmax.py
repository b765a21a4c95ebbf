"""Softmax with a temperature, along any axis, and the two-logit view that the softmax lesson plots.

softmax(x, T, axis)ᵢ = exp(xᵢ/T) / Σⱼ exp(xⱼ/T), taken along ``axis``. It is computed from x − max(x), so the
largest exponent is exp(0) = 1 and nothing overflows, and exponents below −690 are taken as exactly 0 (they are
more than 300 orders of magnitude below the largest term). Every function here is silent under
``np.errstate(all="raise")`` for finite inputs whose range |max − min| stays below the float64 maximum.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float

# exp(−690) ≈ 2.2e-300: still a normal float after division by a sum of up to 10⁷ terms (each ≤ 1).
# Anything further below the row's maximum is set to exactly 0 instead of underflowing into subnormals.
_EXP_CUTOFF = 690.0


def softmax(x: ArrayLike, temperature: float = 1.0, axis: int = -1) -> NDArray[np.float64]:
    """Softmax of ``x / temperature`` along ``axis`` (float64, same shape as ``x``; every slice sums to 1).

    ``temperature`` must be positive: small values sharpen towards a one-hot vector at the maximum, large ones
    flatten towards the uniform distribution. Raises ValueError for a non-positive temperature or a 0-d input.
    """
    x = np.asarray(x, dtype=np.float64)
    temperature = float(temperature)
    if not temperature > 0.0:
        raise ValueError(f"temperature must be positive, got {temperature!r}")
    if x.ndim == 0:
        raise ValueError("softmax needs at least one axis")
    gap = x - x.max(axis=axis, keepdims=True)  # ≤ 0, with exactly 0 at each slice's maximum
    floor = -_EXP_CUTOFF * temperature
    # Clip before dividing: (x − max)/T for a tiny T could overflow to −inf; clipped, it stays ≥ −690.
    scaled = np.maximum(gap, floor) / temperature
    weights = np.where(gap > floor, np.exp(scaled), 0.0)
    out: NDArray[np.float64] = weights / weights.sum(axis=axis, keepdims=True)
    return out


def first_of_two(difference: ArrayLike, temperature: float = 1.0) -> Float:
    """Probability softmax gives the first of two logits, as a function of their difference z₁ − z₂.

    Only the difference matters (softmax ignores a common shift), and it equals σ((z₁ − z₂)/T): the
    temperature stretches the horizontal axis and nothing else. Elementwise over ``difference``.
    """
    d = np.asarray(difference, dtype=np.float64)
    pair = np.stack([d, np.zeros_like(d)], axis=-1)
    return np.asarray(softmax(pair, temperature, axis=-1)[..., 0])[()]


def first_of_two_slope(difference: ArrayLike, temperature: float = 1.0) -> Float:
    """Derivative of :func:`first_of_two` with respect to the difference: p·(1 − p)/T."""
    p = np.asarray(first_of_two(difference, temperature), dtype=np.float64)
    return np.asarray(p * (1.0 - p) / float(temperature))[()]
