"""Scalar root finding and minimum location by bisection.

Bisection is slow but cannot diverge, which is what a reference implementation should trade for.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import SupportsFloat

ScalarFn = Callable[[float], SupportsFloat]


def _value(f: ScalarFn, x: float) -> float:
    # Callers often hand in NumPy functions returning np.float64 or 0-d arrays; compare plain floats.
    y = float(f(x))
    if math.isnan(y):
        raise ValueError(f"function returned NaN at x={x!r}")
    return y


def bisect(f: ScalarFn, lo: float, hi: float, *, tol: float = 1e-12, max_iter: int = 200) -> float:
    """Return a root of ``f`` in [lo, hi], located to within ``tol`` (absolute width of the bracket).

    ``f(lo)`` and ``f(hi)`` must have opposite signs (or one of them be 0), otherwise ValueError.
    Stops early once the bracket can no longer shrink in float64. Raises RuntimeError if ``max_iter``
    halvings are not enough to reach ``tol``, rather than returning an unconverged answer silently.
    """
    lo, hi = float(lo), float(hi)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise ValueError("bracket ends must be finite")
    if lo > hi:
        lo, hi = hi, lo
    f_lo, f_hi = _value(f, lo), _value(f, hi)
    if f_lo == 0.0:
        return lo
    if f_hi == 0.0:
        return hi
    if (f_lo < 0.0) == (f_hi < 0.0):
        raise ValueError(f"no sign change on [{lo!r}, {hi!r}]: f(lo)={f_lo!r}, f(hi)={f_hi!r}")

    for _ in range(max_iter):
        mid = lo + 0.5 * (hi - lo)
        # Once the midpoint collapses onto an end, the bracket is as tight as float64 allows.
        if hi - lo <= tol or mid in (lo, hi):
            return mid
        f_mid = _value(f, mid)
        if f_mid == 0.0:
            return mid
        if (f_mid < 0.0) == (f_lo < 0.0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    if hi - lo <= tol:
        return lo + 0.5 * (hi - lo)
    raise RuntimeError(f"bisect did not reach tol={tol!r} in {max_iter} iterations (width {hi - lo!r})")


def curve_minimum(f: ScalarFn, slope: ScalarFn, lo: float, hi: float) -> tuple[float, float]:
    """Return ``(x, f(x))`` at the lowest point of ``f`` on [lo, hi], found where ``slope`` crosses zero.

    ``slope`` must be negative at ``lo`` and positive at ``hi`` (the curve goes down, then up);
    a crossing the other way is a maximum, so that raises ValueError.
    """
    lo, hi = float(lo), float(hi)
    s_lo, s_hi = _value(slope, lo), _value(slope, hi)
    if not (s_lo < 0.0 < s_hi):
        raise ValueError(
            f"slope must go from negative to positive on [{lo!r}, {hi!r}]: "
            f"slope(lo)={s_lo!r}, slope(hi)={s_hi!r}"
        )
    x = bisect(slope, lo, hi)
    return x, float(f(x))
