"""Lesson panels: the kinds the lesson page can draw and what lesson.toml may set for each (`[[panel]]`), and a
panel's data: the JSON its trusted `data` function computes, on the server, once per loaded exercise and state. A
panel with `params` may be asked for other states, each a point of its declared sliders' grids (so the states,
and the cache of them, are bounded); anything else (not a number, not finite, outside the slider, off its grid,
not one of the choices) is a BadParam that names the parameter and says why."""

from __future__ import annotations

import inspect
import json
import math
from collections.abc import Mapping
from typing import Any

from mljudge.judge.exercise import Exercise
from mljudge.judge.lessons.cache import cached
from mljudge.judge.lessons.model import BadParam, Choice, Panel
from mljudge.judge.loader import Where, load_callable
from mljudge.judge.schema import Bool, List, Number, Scalar, Spec, Str, Table, Tagged, Translated, did_you_mean

MAX_PANEL_BYTES = 400_000  # the JSON of one state: it travels with the page

# A slider's grid: min, min + step, …, max; `default` is one of its values.
SLIDER = Table({"min": Number(), "max": Number(), "step": Number(positive=True), "default": Number()})
# An argument of a panel's data function that the page may change: a slider's grid like SLIDER, or a list of
# `choices` (numbers or strings: a table's name) with the `default` among them.
PARAM = Table({"min": Number(), "max": Number(), "step": Number(positive=True), "default": Scalar(),
               "choices": List(Scalar())})

# The kinds of panel the lesson page can draw, each with the options its lessons may set. A kind is one component,
# web/static/js/panels/<kind>.js, fed by the JSON of the panel's `data` function; its strings are the [panel.<kind>]
# table of the string catalogues; tests/web/test_browser_lesson_panels.py drives it. Adding a kind: an entry here,
# those two files' parts, and its browser test.
ERROR_CURVES = ("squared", "absolute", "huber", "half-squared")
OPTIMIZERS = ("gd", "momentum", "rmsprop", "adam")
PANEL_KINDS: dict[str, dict[str, Spec]] = {
    "conv2d": {},
    "pooling": {},
    "histogram": {},
    "error": {
        "delta": SLIDER,  # Huber's δ slider
        "points": List(Number()),  # the outlier demo's errors at the start; none: no demo
        "show": List(Str(ERROR_CURVES)),  # the curves drawn at the start (the others are a click away)
        "collapse_delta": Bool(),  # the δ slider behind "compare with Huber" (the MSE lesson)
    },
    "margin": {},
    "descent": {"show": List(Str(OPTIMIZERS))},  # the paths drawn at the start
    "echo": {},
    "forget-gate": {},
    "attention-heatmap": {},
    "positional-clocks": {},
    "encoder-block": {},
    "ppo-clip": {},
    "backprop": {},
    "layers": {},
    "decision-boundary": {},
}

PANEL = Tagged("kind", common={
    "id": Str(),  # default: the kind
    "title": Translated(),  # default: the kind's own title
    "data": Str(),  # "reference.<module>:<function>": the panel's JSON, computed on the server
    "params": Table(values=PARAM),  # arguments of `data` the page may change, each on a grid the server accepts
}, variants=PANEL_KINDS)


def resolve_state(panel: Panel, asked: Mapping[str, Any]) -> dict[str, Any]:
    """The state the page asks for (query parameters: names and values as text), as values on the panel's grids
    or among its choices; a parameter not asked for keeps its default. Raises BadParam for an unknown name or a
    value off its grid."""
    values = panel.defaults()
    for name, raw in asked.items():
        grid = panel.params.get(name)
        if grid is None:
            known = ", ".join(panel.params) or "none"
            raise BadParam(name, f"panel {panel.id!r} has no parameter {name!r}{did_you_mean(name, panel.params)}; "
                                 f"its parameters: {known}")
        given = _shown(raw)
        if isinstance(grid, Choice):
            choice = grid.match(str(raw))
            if choice is None:
                raise BadParam(name, f"{name} must be one of {', '.join(map(str, grid.choices))}, not {given}")
            values[name] = choice
            continue
        span = f"from {grid.min:g} to {grid.max:g}"
        try:
            value = float(raw)
        except (TypeError, ValueError):
            raise BadParam(name, f"{name} must be a number {span}, not {given}") from None
        if not math.isfinite(value):
            raise BadParam(name, f"{name} must be a finite number {span}, not {given}")
        if not grid.within(value):
            raise BadParam(name, f"{name} must be {span}, not {given}")
        index = grid.index(value)
        if index is None:
            raise BadParam(name, f"{name} must be one of {grid.min:g}, {grid.value(1):g}, …, {grid.max:g} "
                                 f"(steps of {grid.step:g}), not {given}")
        values[name] = grid.value(index)
    return values


def _shown(raw: Any, limit: int = 40) -> str:
    """A value the page sent, quoted for a message, cut short: it may be megabytes long."""
    text = repr(str(raw))
    return text if len(text) <= limit else text[: limit - 1] + "…"


def data(exercise: Exercise, panel: Panel, index: int, values: Mapping[str, Any] | None = None) -> Any:
    """The panel's JSON for `values` (default: the defaults). `index`: the panel's place in lesson.toml, for the
    line of an error. Raises ExerciseError when the function cannot be loaded; what it raises passes through."""
    state = dict(values) if values is not None else panel.defaults()
    key = ("panel", panel.id, tuple(sorted(state.items())))

    def compute() -> Any:
        function = load_callable(exercise.path, panel.data, Where(exercise.path / "lesson.toml"),
                                 "panel", index, "data")
        return function(**state)

    return cached(key, exercise, compute)


def panel_problems(exercise: Exercise, panel: Panel, index: int) -> list[str]:
    """What is wrong with the panel's data at its defaults: a function that does not take the declared
    parameters, raises, or returns something that is not a JSON object of a bounded size."""
    function = load_callable(exercise.path, panel.data, Where(exercise.path / "lesson.toml"), "panel", index, "data")
    if panel.params:
        try:
            inspect.signature(function).bind(**panel.defaults())
        except TypeError as exc:
            return [f"panel {panel.id!r}: {panel.data} does not take its params ({', '.join(panel.params)}): {exc}"]
        except ValueError:
            pass  # no signature to see: calling it says the rest
    try:
        result = data(exercise, panel, index)
    except Exception as exc:  # an author's function that raises: report it, do not crash the check
        return [f"panel {panel.id!r}: {panel.data} raised {type(exc).__name__}: {exc}"]
    if not isinstance(result, dict):
        return [f"panel {panel.id!r}: {panel.data} must return a JSON object (a dict), not {type(result).__name__}"]
    try:
        size = len(json.dumps(result, allow_nan=False))
    except (TypeError, ValueError) as exc:
        return [f"panel {panel.id!r}: {panel.data} returned what JSON cannot carry ({exc}): plain lists, dicts, "
                "str, int, float and None, every number finite (None for a gap)"]
    if size > MAX_PANEL_BYTES:
        return [f"panel {panel.id!r}: {panel.data} returned {size:,} bytes of JSON; at most {MAX_PANEL_BYTES:,} "
                "travel with the page (compute more in the browser, or send a coarser grid)"]
    return []
