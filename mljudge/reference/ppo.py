"""The clipped surrogate objective of PPO (Schulman et al., 2017, "Proximal Policy Optimization Algorithms") as a
loss to minimise, and the curves of one variable its lesson plots.

For each sampled action, with its log-probability under the new policy (the one being trained) and under the old
one (the one that collected the data) and its advantage A (how much better than expected the action turned out):

    r = exp(new_log_prob − old_log_prob)                     the probability ratio π_new(a|s) / π_old(a|s)
    objective = min(r·A, clip(r, 1 − ε, 1 + ε)·A)            per action
    loss = −mean(objective)                                  over every action: minimising it maximises the objective

Written per sign of A, the minimum is A·min(r, 1 + ε) for A ≥ 0 and A·max(r, 1 − ε) for A < 0: a good action's
ratio gains nothing past 1 + ε, a bad action's nothing below 1 − ε, and there the gradient stops. Everywhere else
the unclipped r·A is the smaller term, so a step that made things worse is always undone.

Numerical care: the ratio comes from the *difference* of the log-probabilities, so sequence-level log-probabilities
of −800 (whose probabilities underflow to 0 in float64) give the right ratio; and the per-sign form never
multiplies an infinite ratio by a zero advantage.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Float


def _clip_range(clip: float) -> float:
    clip = float(clip)
    if not 0.0 <= clip < 1.0:
        raise ValueError(f"clip must be in [0, 1), so that 1 − clip stays positive, got {clip!r}")
    return clip


def ratio(new_log_probs: ArrayLike, old_log_probs: ArrayLike) -> NDArray[np.float64]:
    """r = exp(new − old), elementwise: π_new/π_old computed from the logs, never from the probabilities."""
    new = np.asarray(new_log_probs, dtype=np.float64)
    old = np.asarray(old_log_probs, dtype=np.float64)
    if new.shape != old.shape:
        raise ValueError(f"new_log_probs has shape {new.shape}, old_log_probs {old.shape}; they must match")
    with np.errstate(over="ignore"):  # a difference beyond ~709 is an infinite ratio, and honestly so
        return np.exp(new - old)


def clipped_objective(r: ArrayLike, advantages: ArrayLike, clip: float = 0.2) -> Float:
    """min(r·A, clip(r, 1 − ε, 1 + ε)·A), elementwise, written as A·min(r, 1 + ε) for A ≥ 0 and A·max(r, 1 − ε)
    for A < 0 (the same numbers, without inf·0 for an infinite ratio and a zero advantage)."""
    clip = _clip_range(clip)
    r = np.asarray(r, dtype=np.float64)
    a = np.asarray(advantages, dtype=np.float64)
    # The ratio each sign keeps, then one product: 0·min(inf, 1 + ε) is 0, where 0·inf would be NaN.
    kept = np.where(a >= 0.0, np.minimum(r, 1.0 + clip), np.maximum(r, 1.0 - clip))
    return np.asarray(a * kept)[()]


def ppo_loss(new_log_probs: ArrayLike, old_log_probs: ArrayLike, advantages: ArrayLike, clip: float = 0.2) -> float:
    """−mean over every element of min(r·A, clip(r, 1 − ε, 1 + ε)·A) with r = exp(new − old), as a Python float.
    The three arrays must have one shape (any shape, at least one element); clip ε in [0, 1)."""
    r = ratio(new_log_probs, old_log_probs)
    a = np.asarray(advantages, dtype=np.float64)
    if a.shape != r.shape:
        raise ValueError(f"advantages has shape {a.shape}, the log-probabilities {r.shape}; they must match")
    if r.size == 0:
        raise ValueError("the loss needs at least one action (the mean of nothing is undefined)")
    return float(-np.mean(clipped_objective(r, a, clip)))


def objective_slope(r: ArrayLike, advantages: ArrayLike, clip: float = 0.2) -> Float:
    """d/dr of :func:`clipped_objective`: A where the unclipped term is the minimum, 0 where the clipped one is (for
    A ≥ 0: r > 1 + ε; for A < 0: r < 1 − ε). At a corner (r = 1 ± ε exactly) it takes A, the slope on the
    unclipped side."""
    clip = _clip_range(clip)
    r = np.asarray(r, dtype=np.float64)
    a = np.asarray(advantages, dtype=np.float64)
    live = np.where(a >= 0.0, r <= 1.0 + clip, r >= 1.0 - clip)
    return np.asarray(np.where(live, a, 0.0))[()]


# --- the lesson's plot: the objective against r --------------------------------------------------------------

LESSON_CLIP = 0.2


def unclipped_objective(r: ArrayLike, advantages: ArrayLike) -> Float:
    """r·A, no clipping: what plain policy gradient with importance sampling would maximise."""
    return np.asarray(np.asarray(r, dtype=np.float64) * np.asarray(advantages, dtype=np.float64))[()]


PANEL_DEFAULTS = {"clip": 0.2, "advantage": 1.0, "r": 1.0}


def panel() -> dict[str, Any]:
    """The lesson panel's data (exercises/ppo/lesson.toml): the r grid, the defaults and limits of its sliders, and
    the objective and its slope for A = +1 and A = −1 at the default clip, for the page's own computation to be
    tested against."""
    r = np.linspace(0.0, 2.0, 401)
    clip = PANEL_DEFAULTS["clip"]
    return {
        "defaults": dict(PANEL_DEFAULTS),
        "limits": {"clip": [0.0, 0.5], "advantage": [-2.0, 2.0], "r": [0.0, 2.0]},
        "r": r.tolist(),
        "objective": {"good": clipped_objective(r, 1.0, clip).tolist(),
                      "bad": clipped_objective(r, -1.0, clip).tolist()},
        "slope": {"good": objective_slope(r, 1.0, clip).tolist(), "bad": objective_slope(r, -1.0, clip).tolist()},
    }
