"""Inverted dropout: one trusted realisation, the curves the dropout lesson plots, and `explain`, which judges any
output by the properties every correct realisation shares (used by the exercise's checker and mistake tests).

Dropout has no single right answer: each unit is zeroed with probability p and every survivor is scaled by
1/(1 − p), so that the expected output equals the input. Two correct implementations with different random
streams disagree element by element, yet both give: the input's shape; every element 0 or x/(1 − p); a share
of dropped units close to p; the input unchanged when not training or when p = 0; all zeros when p = 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float

# The share of kept units is tested only when at least this many elements decide it, within SIGMAS standard
# deviations √(q(1 − q)/n) of the keep probability q: a correct implementation fails with probability < 2e-9,
# the same budget as the spread tests in the exercise's checker.
STAT_MIN_SIZE = 1000
SIGMAS = 6.0


def dropout(x: ArrayLike, p: float, training: bool = True, seed: int = 0) -> NDArray[np.float64]:
    """One realisation of inverted dropout, drawn from ``np.random.default_rng(seed)``.

    Each element is kept with probability 1 − p and then divided by 1 − p, or set to 0. Returns a new float64
    array of x's shape: a copy of x when ``training`` is False or p = 0, all zeros when p = 1.
    """
    x = np.asarray(x, dtype=np.float64)
    p = float(p)
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"p must be in [0, 1], got {p!r}")
    if not training or p == 0.0:
        return x.copy()
    if p == 1.0:
        return np.zeros_like(x)
    keep = np.random.default_rng(seed).random(x.shape) >= p
    return np.where(keep, x / (1.0 - p), 0.0)


# --- judging an output by its properties ---------------------------------------------------------------------


@dataclass(frozen=True)
class Fit:
    """How an output compares with "each element is either dropped (0) or kept (x·scale)"."""

    unexplained: NDArray[np.bool_]  # elements that are neither
    kept: int                       # kept elements among the decisive ones
    decisive: int                   # elements whose kept value is clearly not 0 (so kept/dropped is visible)
    keep_prob: float
    band: float                     # allowed |kept/decisive − keep_prob|; inf when the share is not tested

    @property
    def values_ok(self) -> bool:
        return not bool(self.unexplained.any())

    @property
    def share(self) -> float:
        return self.kept / self.decisive if self.decisive else float("nan")

    @property
    def share_ok(self) -> bool:
        return self.decisive == 0 or abs(self.share - self.keep_prob) <= self.band

    @property
    def ok(self) -> bool:
        return self.values_ok and self.share_ok


def explain(got: ArrayLike, x: ArrayLike, keep_prob: float, scale: float, atol: float = 5e-5,
            rtol: float = 0.0) -> Fit:
    """Test ``got`` against dropout that keeps each unit with probability ``keep_prob`` and multiplies survivors
    by ``scale`` (``math.inf`` is allowed, for mistakes that divide by p = 0).

    An element is explained as kept if it is within atol + rtol·|x·scale| of x·scale, and as dropped if it is
    within atol of 0; NaN counts as a match where the target itself is NaN (0·inf), and as dropped only when
    ``scale`` is infinite (0/0). Genuine zeros in x fit both and are left out of the share. The share of kept
    units is held to SIGMAS standard deviations when at least STAT_MIN_SIZE elements decide it, and must be
    exact when ``keep_prob`` is 0 or 1. Shapes must already match.
    """
    g = np.asarray(got, dtype=np.float64)
    x = np.asarray(x, dtype=np.float64)
    if g.shape != x.shape:
        raise ValueError(f"shape {g.shape} does not match x's {x.shape}")
    with np.errstate(all="ignore"):
        target = x * scale
        near_target = (g == target) | (np.abs(g - target) < atol + rtol * np.abs(target))
        near_target |= np.isnan(g) & np.isnan(target)
        dropped = np.abs(g) < atol
        if math.isinf(scale):
            dropped |= np.isnan(g)
        decisive = ~(np.abs(target) < 2.0 * atol) & ~np.isnan(target)
    kept_mask = near_target & ~dropped & decisive
    n = int(decisive.sum())
    kept = int(kept_mask.sum())
    if keep_prob in (0.0, 1.0):
        band = 0.0
    elif n >= STAT_MIN_SIZE:
        band = SIGMAS * math.sqrt(keep_prob * (1.0 - keep_prob) / n)
    else:
        band = math.inf
    return Fit(unexplained=~(near_target | dropped), kept=kept, decisive=n, keep_prob=float(keep_prob), band=band)


# --- curves for the lesson (functions of p) ------------------------------------------------------------------


def _p(p: ArrayLike) -> NDArray[np.float64]:
    p = np.asarray(p, dtype=np.float64)
    if np.any((p < 0.0) | (p >= 1.0)):
        raise ValueError("the curves are defined for 0 ≤ p < 1")
    return p


def keep_fraction(p: ArrayLike) -> Float:
    """Expected share of units kept, 1 − p."""
    return np.asarray(1.0 - _p(p))[()]


def survivor_scale(p: ArrayLike) -> Float:
    """The factor a kept unit is multiplied by, 1/(1 − p)."""
    return np.asarray(1.0 / (1.0 - _p(p)))[()]


def mean_ratio(p: ArrayLike) -> Float:
    """E[output]/x = (1 − p)·1/(1 − p) = 1 for every p: the point of inverted dropout."""
    p = _p(p)
    return np.asarray(keep_fraction(p) * survivor_scale(p))[()]


def noise_ratio(p: ArrayLike) -> Float:
    """Standard deviation of the output over |x|, √(p/(1 − p)): output is x/(1 − p) w.p. 1 − p, else 0."""
    p = _p(p)
    return np.asarray(np.sqrt(p / (1.0 - p)))[()]
