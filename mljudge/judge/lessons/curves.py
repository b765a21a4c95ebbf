"""A lesson's curves: trusted functions sampled on the plot's grid, in the judge's process (never the sandbox), once
per loaded exercise. A curve's function may take more than x: `fixed = { beta = 2.0 }` holds its other arguments,
and its first parameter not named there sweeps the grid, the rule exercise.toml's `[plot] fixed` follows too."""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from mljudge.judge.errors import ExerciseError
from mljudge.judge.exercise import Exercise
from mljudge.judge.lessons.cache import cached
from mljudge.judge.lessons.model import Curve, Fixed, Plot
from mljudge.judge.loader import Where, load_callable, resolve_reference
from mljudge.judge.schema import did_you_mean

SIGNIFICANT_DIGITS = 10  # enough for a readout to 7 decimals, and a third of the JSON of full repr
_ARGUMENTS = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
              inspect.Parameter.KEYWORD_ONLY)


class CurveError(ValueError):
    """A curve's function cannot be called with its fixed arguments (unknown name, one missing)."""


def grid(plot: Plot) -> np.ndarray:
    start, stop, num = plot.grid
    return np.linspace(start, stop, num)


def with_fixed(function: Callable[..., Any], fixed: Fixed, name: str) -> Callable[[np.ndarray], Any]:
    """`function` as a function of x alone: x goes to its first parameter not in `fixed`, the rest are fixed.
    Raises CurveError when the names do not fit its signature."""
    if not fixed:
        return function  # no signature needed (NumPy's ufuncs have none)
    try:
        params = [p for p in inspect.signature(function).parameters.values() if p.kind in _ARGUMENTS]
    except (TypeError, ValueError):
        raise CurveError(f"{name} does not show its parameters, so it cannot take fixed arguments") from None
    names = [p.name for p in params]
    for key in fixed:
        if key not in names:
            raise CurveError(f"{name} has no parameter {key!r} (its parameters: {', '.join(names)})"
                             f"{did_you_mean(key, names)}")
    free = [p for p in params if p.name not in fixed]
    if not free or free[0].kind == inspect.Parameter.KEYWORD_ONLY:
        raise CurveError(f"fixed names every parameter of {name}: one must sweep the grid")
    missing = [p.name for p in free[1:] if p.default is inspect.Parameter.empty]
    if missing:
        raise CurveError(f"{name} needs a value for {', '.join(missing)} in fixed: its first free parameter "
                         f"{free[0].name!r} sweeps the grid, every other one needs a value or its default")
    sweep = free[0]

    def curve(x: np.ndarray) -> Any:
        args = [x if p is sweep else fixed[p.name] for p in params
                if p.kind == inspect.Parameter.POSITIONAL_ONLY and (p is sweep or p.name in fixed)]
        kwargs = {p.name: x if p is sweep else fixed[p.name] for p in params
                  if p.kind != inspect.Parameter.POSITIONAL_ONLY and (p is sweep or p.name in fixed)}
        return function(*args, **kwargs)

    return curve


def evaluate(exercise: Exercise, curve: Curve, x: np.ndarray, *keys: str | int) -> np.ndarray:
    """The curve's values on `x`. Raises ExerciseError (at `keys` in lesson.toml) when its function cannot be
    loaded or called with its fixed arguments; whatever the function itself raises passes through."""
    where = Where(exercise.path / "lesson.toml")
    function = load_callable(exercise.path, curve.function, where, *keys, "function")
    try:
        call = with_fixed(function, curve.fixed, curve.function)
    except CurveError as exc:
        raise where.error(f"curve {curve.id!r}: {exc}", *keys, "fixed" if curve.fixed else "function") from None
    with np.errstate(all="ignore"):  # a non-finite point is reported by lesson_problems, not warned about
        return np.asarray(call(x.copy()), dtype=np.float64)


def plain(values: np.ndarray) -> list[float | None]:
    # JSON has no NaN/inf: non-finite points become gaps (null), which the plot draws as breaks.
    return [float(f"{v:.{SIGNIFICANT_DIGITS}g}") if math.isfinite(v) else None for v in values.tolist()]


def sample(exercise: Exercise, plot: Plot) -> dict[str, Any]:
    """The plot's points: ``{"x": [...], "curves": [{"id", "label" (Text), "role", "values"}]}``."""

    def compute() -> dict[str, Any]:
        x = grid(plot)
        curves = [{"id": c.id, "label": c.label, "role": c.role,
                   "values": plain(evaluate(exercise, c, x, "plot", "curve", i))}
                  for i, c in enumerate(plot.curves)]
        return {"x": plain(x), "curves": curves}

    return cached(("plot",), exercise, compute)  # type: ignore[no-any-return]


def reference_curve(exercise: Exercise) -> list[float | None] | None:
    """The right answer on the exercise's plot grid (``[plot] x`` in exercise.toml), from its trusted reference
    function, for drawing beside the learner's curve. None when the exercise has no grid or no reference."""
    plot_args = exercise.plot_args()
    if plot_args is None or not exercise.reference:
        return None

    def compute() -> list[float | None]:
        reference = resolve_reference(exercise)
        if reference is None:
            raise ExerciseError(exercise.path / "exercise.toml", "the reference cannot be loaded")
        args, kwargs = exercise.call_args(plot_args)
        return plain(np.asarray(reference(*args, **kwargs), dtype=np.float64).ravel())

    return cached(("reference",), exercise, compute)  # type: ignore[no-any-return]
