"""GELU in its exact (erf) and tanh-approximation forms, with their analytic slopes.

Every function takes a number, list or ndarray of any shape and returns float64 of the same shape
(an ``np.float64`` scalar for 0-d input). All are silent — no overflow/underflow/invalid warnings —
for any finite input, including |x| in the thousands.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float
from mljudge.reference.erf import erf

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
TANH_CUBIC = 0.044715

_SQRT_2 = math.sqrt(2.0)
_INV_SQRT_2PI = 1.0 / math.sqrt(2.0 * math.pi)

# exp(-x²/2) is still a normal float at |x| = 37 (≈1e-298) but underflows soon after; the density there
# is far below anything float64 arithmetic downstream can notice, so report it as exactly 0.
_PDF_CUTOFF = 37.0

# tanh(SQRT_2_OVER_PI·(x + TANH_CUBIC·x³)) is exactly ±1.0 in float64 well before |x| = 50, so clipping
# the tanh argument there changes nothing while keeping x³ from overflowing for huge |x|.
_TANH_CLIP = 50.0


def _as_float(x: ArrayLike) -> NDArray[np.float64]:
    return np.asarray(x, dtype=np.float64)


def _out(result: ArrayLike) -> Float:
    # Same convention as reference.erf: 0-d in, np.float64 out; otherwise an ndarray of the input's shape.
    return np.asarray(result, dtype=np.float64)[()]


def normal_pdf(x: ArrayLike) -> Float:
    """Standard normal density φ(x) = exp(-x²/2)/√(2π), elementwise (exactly 0 for |x| > 37)."""
    x = _as_float(x)
    z = np.minimum(np.abs(x), _PDF_CUTOFF)
    pdf = np.exp(-0.5 * z * z) * _INV_SQRT_2PI
    return _out(np.where(np.abs(x) < _PDF_CUTOFF, pdf, 0.0))


def normal_cdf(x: ArrayLike) -> Float:
    """Standard normal CDF Φ(x) = (1 + erf(x/√2))/2, elementwise; absolute error below 7.5e-8."""
    x = _as_float(x)
    return _out(0.5 * (1.0 + erf(x / _SQRT_2)))


def gelu_exact(x: ArrayLike) -> Float:
    """Exact GELU, x·Φ(x), elementwise (float64, same shape as ``x``)."""
    x = _as_float(x)
    return _out(x * normal_cdf(x))


def _tanh_inner(x: NDArray[np.float64]) -> NDArray[np.float64]:
    xc = np.clip(x, -_TANH_CLIP, _TANH_CLIP)
    return np.tanh(SQRT_2_OVER_PI * (xc + TANH_CUBIC * xc**3))


def gelu_tanh(x: ArrayLike) -> Float:
    """Tanh-approximate GELU, ½·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), elementwise (float64)."""
    x = _as_float(x)
    return _out(0.5 * x * (1.0 + _tanh_inner(x)))


def gelu_exact_slope(x: ArrayLike) -> Float:
    """Derivative of the exact GELU, Φ(x) + x·φ(x), elementwise (float64)."""
    x = _as_float(x)
    return _out(normal_cdf(x) + x * normal_pdf(x))


def gelu_tanh_slope(x: ArrayLike) -> Float:
    """Analytic derivative of :func:`gelu_tanh`, elementwise (float64).

    With u = √(2/π)·(x + 0.044715·x³) and t = tanh(u):
    ½·(1 + t) + ½·x·(1 − t²)·√(2/π)·(1 + 3·0.044715·x²).
    """
    x = _as_float(x)
    t = _tanh_inner(x)
    # sech² written as (1 − t)(1 + t) instead of 1/cosh² (which overflows), and evaluated on clipped x:
    # beyond the clip t is exactly ±1, so the whole second term is exactly 0 and x³ never appears.
    xc = np.clip(x, -_TANH_CLIP, _TANH_CLIP)
    sech2 = (1.0 - t) * (1.0 + t)
    du_dx = SQRT_2_OVER_PI * (1.0 + 3.0 * TANH_CUBIC * xc * xc)
    return _out(0.5 * (1.0 + t) + 0.5 * xc * sech2 * du_dx)


# --- the backward pass and the slope's own slope (module 2, lesson "GELU's slope") ---------------------------


def gelu_backward(grad_output: ArrayLike, x: ArrayLike) -> Float:
    """Backward pass of :func:`gelu_tanh`: ``grad_output · gelu_tanh_slope(x)``, elementwise (float64).

    This is what a framework's ``gelu_backward(grad_output, x, approximate="tanh")`` computes: the gradient
    arriving from the layer above, scaled by the local slope. ``grad_output`` and ``x`` must have the same
    shape (ValueError otherwise), so a broadcasting slip in the cases cannot go unnoticed.
    """
    grad = _as_float(grad_output)
    x = _as_float(x)
    if grad.shape != x.shape:
        raise ValueError(f"grad_output has shape {grad.shape}, x has shape {x.shape}; they must match")
    return _out(grad * gelu_tanh_slope(x))


def gelu_exact_second_derivative(x: ArrayLike) -> Float:
    """Slope of :func:`gelu_exact_slope`: φ(x)·(2 − x²), elementwise (float64; exactly 0 for |x| > 37).

    Zero at x = ±√2, where the slope of GELU has its maximum (right) and minimum (left).
    """
    x = _as_float(x)
    xc = np.clip(x, -_PDF_CUTOFF, _PDF_CUTOFF)  # beyond the cutoff φ is 0 and x² must not meet it
    return _out(normal_pdf(x) * (2.0 - xc * xc))


def gelu_tanh_second_derivative(x: ArrayLike) -> Float:
    """Slope of :func:`gelu_tanh_slope`, elementwise (float64).

    With u = √(2/π)·(x + 0.044715·x³), t = tanh(u), u′ = √(2/π)·(1 + 3·0.044715·x²):
    (1 − t²)·(u′ − x·t·u′² + 3·√(2/π)·0.044715·x²). Exactly 0 beyond the tanh clip, where t = ±1.
    """
    x = _as_float(x)
    t = _tanh_inner(x)
    xc = np.clip(x, -_TANH_CLIP, _TANH_CLIP)
    sech2 = (1.0 - t) * (1.0 + t)
    du_dx = SQRT_2_OVER_PI * (1.0 + 3.0 * TANH_CUBIC * xc * xc)
    return _out(sech2 * (du_dx - xc * t * du_dx * du_dx + 3.0 * SQRT_2_OVER_PI * TANH_CUBIC * xc * xc))
