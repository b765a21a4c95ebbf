"""One step of three optimisers as pure functions, and the valley the "Downhill" lessons walk down.

The steps follow PyTorch's formulas (torch.optim.SGD with momentum, torch.optim.RMSprop, torch.optim.Adam, with
their defaults for everything these functions do not take), for one parameter array:

    sgd_momentum   v ← momentum·v + g                        θ ← θ − lr·v
    rmsprop        s ← alpha·s + (1 − alpha)·g²              θ ← θ − lr·g / (√s + eps)
    adam           m ← β₁·m + (1 − β₁)·g,  v ← β₂·v + (1 − β₂)·g²
                   m̂ = m / (1 − β₁ᵗ),  v̂ = v / (1 − β₂ᵗ)     θ ← θ − lr·m̂ / (√v̂ + eps)     (t = 1 on the first step)

Unlike torch.optim, nothing is updated in place: each function returns the new parameter and the new state as
fresh float64 arrays and leaves its inputs as they were, so one call is one step that can be repeated and
compared. Like PyTorch, g² overflows for |g| beyond about 1e154; the exercises stay far below that.

The second half is the lessons' valley, an elongated bowl f(x, y) = 0.1·x² + 5·y², and `paths`, which walks
plain gradient descent, momentum, RMSProp and Adam down it from one start with the step functions above: the
lesson plots, the lesson tasks' answers and the panel described in exercises/sgd-momentum/lesson.toml all come
from here (tests/reference/test_optimizers.py pins them, and pins the steps to torch.optim).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from mljudge.reference.arrays import Floats


def _arrays(**named: ArrayLike) -> list[Floats]:
    """The inputs as float64 arrays of one shape (a state of another shape is a caller's bug, said plainly)."""
    arrays = [np.asarray(value, dtype=np.float64) for value in named.values()]
    shapes = {name: a.shape for name, a in zip(named, arrays, strict=True)}
    if len(set(shapes.values())) > 1:
        raise ValueError("the parameter, its gradient and the state must have one shape, got "
                         + ", ".join(f"{name} {shape}" for name, shape in shapes.items()))
    return arrays


# --- the three steps -------------------------------------------------------------------------------------------


def sgd_momentum(param: ArrayLike, grad: ArrayLike, velocity: ArrayLike, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[Floats, Floats]:
    """One step of gradient descent with momentum: ``(new_param, new_velocity)``.

    v ← momentum·v + grad, then param ← param − lr·v (the new v). This is torch.optim.SGD(lr, momentum) with
    dampening 0, no Nesterov and no weight decay: PyTorch's buffer is created as a copy of the first gradient,
    which is what v ← momentum·0 + grad gives from a zero velocity. ``momentum = 0`` is plain gradient descent
    (the returned velocity is then just the gradient).
    """
    param, grad, velocity = _arrays(param=param, grad=grad, velocity=velocity)
    new_velocity = momentum * velocity + grad
    return param - lr * new_velocity, new_velocity


def rmsprop(param: ArrayLike, grad: ArrayLike, square_avg: ArrayLike, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[Floats, Floats]:
    """One step of RMSProp: ``(new_param, new_square_avg)``.

    s ← alpha·s + (1 − alpha)·grad², then param ← param − lr·grad / (√s + eps), eps *outside* the root, as
    torch.optim.RMSprop (centered=False, momentum=0) has it. No bias correction: from s = 0 the first step is
    lr/√(1 − alpha) = 10·lr per coordinate at alpha = 0.99, whatever the gradient's size.
    """
    param, grad, square_avg = _arrays(param=param, grad=grad, square_avg=square_avg)
    new_square_avg = alpha * square_avg + (1.0 - alpha) * grad * grad
    return param - lr * grad / (np.sqrt(new_square_avg) + eps), new_square_avg


def adam_moments(param: ArrayLike, grad: ArrayLike, m: ArrayLike, v: ArrayLike, t: int, beta1: float,
                 beta2: float) -> tuple[Floats, Floats, Floats]:
    """``(param, new_m, new_v)`` as arrays of one shape: Adam's moments after this step, uncorrected (Adam and
    LAMB alike). `t` is the number of this step, 1 on the first call."""
    if isinstance(t, bool) or not isinstance(t, int | np.integer) or t < 1:
        raise ValueError(f"t counts steps from 1 (the first call has t = 1), got {t!r}")
    param, grad, m, v = _arrays(param=param, grad=grad, m=m, v=v)
    return param, beta1 * m + (1.0 - beta1) * grad, beta2 * v + (1.0 - beta2) * grad * grad


def adam(param: ArrayLike, grad: ArrayLike, m: ArrayLike, v: ArrayLike, t: int, lr: float = 0.001,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    """One step of Adam: ``(new_param, new_m, new_v)``, the moments returned *without* bias correction.

    ``t`` is the number of this step, 1 on the first call. m ← β₁·m + (1 − β₁)·grad, v ← β₂·v + (1 − β₂)·grad²,
    then param ← param − lr·m̂/(√v̂ + eps) with m̂ = m/(1 − β₁ᵗ) and v̂ = v/(1 − β₂ᵗ). Arranged as
    torch.optim.Adam computes it (amsgrad=False, no weight decay): step size lr/(1 − β₁ᵗ) and denominator
    √v/√(1 − β₂ᵗ) + eps, so eps is added after the correction, outside the root.
    """
    param, new_m, new_v = adam_moments(param, grad, m, v, t, beta1, beta2)
    step_size = lr / (1.0 - beta1 ** int(t))
    denominator = np.sqrt(new_v) / math.sqrt(1.0 - beta2 ** int(t)) + eps
    return param - step_size * new_m / denominator, new_m, new_v


# --- the lessons' valley -----------------------------------------------------------------------------------------

CURVATURE = np.array([0.2, 10.0])  # f(x, y) = ½·(0.2·x² + 10·y²) = 0.1·x² + 5·y²: 50 times steeper across than along
START = (-4.0, 1.0)
RADIUS = 0.01  # "arrived": within this distance of the minimum (0, 0)
LOG_FLOOR = -4.0  # the lesson curves draw log₁₀ of the distance, floored here
OPTIMIZERS = ("gd", "momentum", "rmsprop", "adam")


@dataclass(frozen=True)
class Settings:
    """What the lessons' panel lets a learner change, and the defaults every lesson's numbers are read at.

    One lr drives all four paths on purpose: for gradient descent and momentum it multiplies the gradient, for
    RMSProp and Adam it is (about) the length of a step in each coordinate, and the lessons compare the two
    meanings. RMSProp keeps alpha = 0.99 and Adam β₁ = 0.9, β₂ = 0.999 (PyTorch's defaults); the momentum slider
    moves the momentum path only."""

    lr: float = 0.09
    momentum: float = 0.9
    steps: int = 500


DEFAULTS = Settings()


def loss(points: ArrayLike) -> NDArray[np.float64] | np.float64:
    """f(x, y) = 0.1·x² + 5·y² for points of shape (..., 2)."""
    p = np.asarray(points, dtype=np.float64)
    return np.asarray(0.5 * (CURVATURE * p * p).sum(axis=-1))[()]


def gradient(point: ArrayLike) -> Floats:
    """∇f = (0.2·x, 10·y)."""
    return CURVATURE * np.asarray(point, dtype=np.float64)


def zigzag_lr() -> float:
    """The lr above which plain descent zig-zags across the valley: a step multiplies y by 1 − 10·lr, which turns
    negative (y changes sign every step) past lr = 1/10."""
    return float(1.0 / CURVATURE.max())


def divergence_lr() -> float:
    """The lr above which plain descent flies out of the valley: |1 − 10·lr| > 1 past lr = 2/10."""
    return float(2.0 / CURVATURE.max())


def paths(lr: float = DEFAULTS.lr, momentum: float = DEFAULTS.momentum, steps: int = DEFAULTS.steps,
          start: ArrayLike = START) -> dict[str, Floats]:
    """The four optimisers walked down the valley from `start`: ``{"gd", "momentum", "rmsprop", "adam"}`` →
    an array of shape (steps + 1, 2), row k the point after k steps (row 0 is the start). Each step is one call
    of the functions above with the gradient at the current point; all four begin from a zero state, and
    Adam's t runs 1, 2, …. Plain gradient descent is sgd_momentum with momentum 0."""
    if not (isinstance(steps, int) and 0 <= steps <= 10_000):
        raise ValueError(f"steps must be a whole number from 0 to 10000, got {steps!r}")
    begin = np.asarray(start, dtype=np.float64).reshape(2)
    out = {name: np.empty((steps + 1, 2)) for name in OPTIMIZERS}
    for path in out.values():
        path[0] = begin
    velocity, momentum_velocity, square_avg = np.zeros(2), np.zeros(2), np.zeros(2)
    m, v = np.zeros(2), np.zeros(2)  # Adam's moments
    # A large lr sends gradient descent off to inf (a path, not an error), and paths that converge underflow.
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        for k in range(1, steps + 1):
            p = out["gd"][k - 1]
            out["gd"][k], velocity = sgd_momentum(p, gradient(p), velocity, lr, 0.0)
            p = out["momentum"][k - 1]
            out["momentum"][k], momentum_velocity = sgd_momentum(p, gradient(p), momentum_velocity, lr, momentum)
            p = out["rmsprop"][k - 1]
            out["rmsprop"][k], square_avg = rmsprop(p, gradient(p), square_avg, lr)
            p = out["adam"][k - 1]
            out["adam"][k], m, v = adam(p, gradient(p), m, v, k, lr)
    return out


def distances(path: ArrayLike) -> Floats:
    """Distance of each point of a path from the minimum (0, 0)."""
    return np.asarray(np.hypot(*np.moveaxis(np.asarray(path, dtype=np.float64), -1, 0)))


def first_within(path: ArrayLike, radius: float = RADIUS, after: int = 0) -> int | None:
    """The first step k ≥ `after` whose point is within `radius` of the minimum, or None."""
    inside = np.flatnonzero(distances(path)[after:] < radius)
    return int(inside[0]) + after if inside.size else None


def settled_from(path: ArrayLike, radius: float = RADIUS) -> int | None:
    """The step from which the path stays within `radius` for good (the step after the last one at `radius` or
    further), or None when it ends outside."""
    inside = distances(path) < radius  # NaN (a path that flew off) is never inside
    outside = np.flatnonzero(~inside)
    if not outside.size:
        return 0
    last = int(outside[-1])
    return last + 1 if last + 1 < inside.size else None


def first_outside(path: ArrayLike, radius: float = RADIUS, after: int = 0) -> int | None:
    """The first step k ≥ `after` whose point is `radius` or further from the minimum, or None."""
    outside = np.flatnonzero(~(distances(path)[after:] < radius))
    return int(outside[0]) + after if outside.size else None


@lru_cache(maxsize=1)
def _default_paths() -> dict[str, Floats]:
    return paths()


def log_distance(step: ArrayLike, name: str) -> Floats:
    """Lesson curve: log₁₀ of optimiser `name`'s distance to the minimum after round(step) steps at the default
    settings (one of OPTIMIZERS), floored at −4."""
    k = np.rint(np.asarray(step, dtype=np.float64)).astype(int)
    if k.size and (k.min() < 0 or k.max() > DEFAULTS.steps):
        raise ValueError(f"steps must lie in 0..{DEFAULTS.steps}")
    d = distances(_default_paths()[name])[k]
    # Floored: the paths reach 1e-9 (momentum, Adam) and 1e-55 (RMSProp) and would flatten everything else on a
    # linear axis; the lessons read the crossing of −2 (a distance of 0.01), far above the floor.
    floored: Floats = np.maximum(np.log10(np.maximum(d, 1e-300)), LOG_FLOOR)
    return floored


def _plain(values: ArrayLike) -> list[float | None]:
    """Numbers for JSON, which has no inf or NaN: a value that is not finite becomes None."""
    return [float(v) if math.isfinite(v) else None for v in np.asarray(values, dtype=np.float64).tolist()]


def panel(lr: float = DEFAULTS.lr, momentum: float = DEFAULTS.momentum,
          steps: int = DEFAULTS.steps) -> dict[str, Any]:
    """Everything the lessons' panel draws for one setting of its sliders, as plain JSON-ready numbers:
    ``{"settings": {...}, "paths": {name: {"points", "loss", "distance", "first_within", "settled_from"}}}``.
    Values that flew off to infinity (plain descent past lr = 0.2) become None, which the panel draws as the path
    leaving."""
    out: dict[str, Any] = {"settings": {"lr": float(lr), "momentum": float(momentum), "steps": steps},
                           "paths": {}}
    for name, path in paths(lr, momentum, steps).items():
        with np.errstate(over="ignore", invalid="ignore"):
            values, dist = loss(path), distances(path)
        finite = np.asarray(np.isfinite(path).all(axis=1))
        out["paths"][name] = {
            "points": [[float(x), float(y)] if ok else None for (x, y), ok in zip(path, finite, strict=True)],
            "loss": _plain(values),
            "distance": _plain(dist),
            "first_within": first_within(path),
            "settled_from": settled_from(path),
        }
    return out
