"""lesson.toml → a typed Lesson, or every problem an author should fix, each at its line.

First the shape (judge.lessons.schema.LESSON: unknown keys with a "did you mean", wrong types); then, on a file of
the right shape, what one value cannot tell: required keys, texts in every language, unique ids, a grid with
start < stop, slider defaults on their grids. Whether the functions load and what they compute is
judge.lessons.lesson_problems' business (it calls them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import LANGS, Text
from mljudge.judge.lessons.model import Choice, Curve, Lesson, LessonProblem, Panel, Plot, Range, Task, TaskAnswer
from mljudge.judge.lessons.panels import PANEL_KINDS, SLIDER
from mljudge.judge.lessons.schema import LESSON
from mljudge.judge.loader import ID, MAX_PLOT_POINTS, Where

MAX_GRID = 10_000  # values on one slider's grid (the cache of states the page may ask for is bounded too)
COMMON_PANEL_KEYS = ("id", "kind", "title", "data", "params")
Keys = tuple[str | int, ...]


class _Reader:
    """Collects problems while the lesson is read."""

    def __init__(self, where: Where) -> None:
        self.where = where
        self.problems: list[LessonProblem] = []

    def problem(self, message: str, *keys: str | int) -> None:
        self.problems.append(LessonProblem(self.where.path.name, self.where.line(*keys), message))

    def text(self, table: Mapping[str, Any], key: str, *keys: str | int) -> Text:
        """A required text in every language (the schema checked its type)."""
        value = table.get(key)
        if value is None:
            each = ", ".join(f"{key}.{lang}" for lang in LANGS)
            self.problem(f"{key!r} is required, a text per language ({each})", *keys)
            return Text()
        text = Text({"en": value} if isinstance(value, str) else value)
        if text.missing():
            self.problem(f"{key!r} has no text in {', '.join(text.missing())}", *keys, key)
        return text

    def ident(self, value: Any, seen: set[str], what: str, *keys: str | int, given: bool = True) -> str:
        """A unique id; `given` False for a default (a panel's kind), which has no line of its own."""
        text = str(value or "")
        at = (*keys, "id") if given else keys
        if not ID.fullmatch(text):
            self.problem(f"{what} {len(seen) + 1} needs an id (letters, digits, -, _)", *at)
        elif text in seen:
            self.problem(f"{what} id {text!r} is used twice", *at)
        seen.add(text)
        return text

    def function(self, table: Mapping[str, Any], what: str, key: str, *keys: str | int) -> str:
        value = table.get(key)
        if not isinstance(value, str) or ":" not in value:
            self.problem(f"{what}: {key} must be 'module:function' (e.g. 'mljudge.reference.gelu:gelu_exact')",
                         *keys, key)
            return ""
        return value

    def param(self, spec: Mapping[str, Any], what: str, *keys: str | int) -> Range | Choice | None:
        """A panel parameter: a list of choices, or a slider's grid."""
        if "choices" not in spec:
            if "default" in spec and (isinstance(spec["default"], str | bool)):
                self.problem(f"{what}: default must be a number on the grid (or give choices)", *keys, "default")
                return None
            return self.range(spec, what, *keys)
        extra = [k for k in ("min", "max", "step") if k in spec]
        choices = tuple(spec["choices"])
        if extra:
            self.problem(f"{what}: either choices or min, max and step, not both", *keys)
        elif not choices or len(set(map(str, choices))) != len(choices):
            self.problem(f"{what}: choices must list at least one value, each once", *keys, "choices")
        elif "default" not in spec or spec["default"] not in choices:
            self.problem(f"{what}: default must be one of the choices ({', '.join(map(str, choices))})", *keys,
                         *(("default",) if "default" in spec else ()))
        else:
            return Choice(choices, spec["default"])
        return None

    def range(self, spec: Mapping[str, Any], what: str, *keys: str | int) -> Range | None:
        missing = [k for k in ("min", "max", "step", "default") if k not in spec]
        if missing:
            self.problem(f"{what} needs {', '.join(missing)} (a slider: min, max, step, default)", *keys)
            return None
        grid = Range(float(spec["min"]), float(spec["max"]), float(spec["step"]), float(spec["default"]))
        if not grid.min < grid.max:
            self.problem(f"{what}: min must be below max", *keys)
            return None
        steps = (grid.max - grid.min) / grid.step
        if abs(steps - round(steps)) > 1e-6 * max(1.0, steps):
            self.problem(f"{what}: (max − min) / step = {steps:g} must be a whole number of steps", *keys)
            return None
        if grid.count > MAX_GRID:
            self.problem(f"{what}: {grid.count} values on the slider; at most {MAX_GRID}", *keys)
            return None
        if grid.index(grid.default) is None:
            self.problem(f"{what}: default {grid.default:g} is not on the grid {grid.min:g}, "
                         f"{grid.value(1):g}, …, {grid.max:g}", *keys, "default")
            return None
        return grid


def parse_lesson(exercise: Exercise) -> tuple[Lesson | None, list[LessonProblem]]:
    """The exercise's lesson and its problems ((None, []) when it has no lesson; None with problems when its shape
    is wrong)."""
    raw = exercise.lesson
    if raw is None:
        return None, []
    doc = {k: v for k, v in raw.items() if k != "body"}  # the loader adds the prose under "body"
    given = raw.get("body")
    body = given if isinstance(given, Text) else Text()
    read = _Reader(Where(exercise.path / "lesson.toml"))
    for message, keys in LESSON.problems(doc, ()):
        read.problem(message, *keys)
    read.problems.extend(LessonProblem(f"lesson.{lang}.md", None, "empty") for lang in body.missing())
    if any(p.file == "lesson.toml" for p in read.problems):
        return None, read.problems

    title = read.text(doc, "title")
    plot = _plot(read, doc["plot"]) if "plot" in doc else None
    panels = _panels(read, doc.get("panel", []))
    if plot is None and not panels:
        read.problem("a lesson needs a [plot] or a [[panel]] (or both)")
    tasks = _tasks(read, doc.get("task", []))
    return Lesson(exercise.slug, title, body, plot, panels, tasks), read.problems


def _plot(read: _Reader, plot: Mapping[str, Any]) -> Plot:
    span: tuple[float, float, int] = (0.0, 1.0, 2)
    x = plot.get("x")
    if (x is not None and float(x[0]) < float(x[1]) and float(x[2]).is_integer()
            and 2 <= int(x[2]) <= MAX_PLOT_POINTS):
        span = (float(x[0]), float(x[1]), int(x[2]))
    else:
        read.problem(f"plot.x must be [start, stop, points] with start < stop and 2..{MAX_PLOT_POINTS} points",
                     "plot", *(("x",) if x is not None else ()))
    x_label = read.text(plot, "x_label", "plot") if "x_label" in plot else None
    curves: list[Curve] = []
    seen: set[str] = set()
    for i, item in enumerate(plot.get("curve", [])):
        keys = ("plot", "curve", i)
        curve_id = read.ident(item.get("id"), seen, "curve", *keys)
        function = read.function(item, f"curve {curve_id!r}", "function", *keys)
        curves.append(Curve(curve_id, read.text(item, "label", *keys), function, item.get("role", "value"),
                            dict(item.get("fixed", {}))))
    if not curves:
        read.problem("at least one [[plot.curve]] is required", "plot")
    elif not any(c.role == "value" for c in curves):
        read.problem('at least one curve needs role = "value"', "plot", "curve")
    if plot.get("difference") is True and sum(c.role == "value" for c in curves) < 2:
        read.problem('plot.difference = true needs two curves with role = "value" (the readout shows the first '
                     "minus the second)", "plot", "difference")
    return Plot(span, tuple(curves), x_label, plot.get("difference", True), plot.get("y_scale", "linear"))


def _panels(read: _Reader, items: list[dict[str, Any]]) -> tuple[Panel, ...]:
    panels: list[Panel] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        keys = ("panel", i)
        kind = item["kind"]  # the schema requires it, from the fixed set
        panel_id = read.ident(item.get("id", kind), seen, "panel", *keys, given="id" in item)
        data = read.function(item, f"panel {panel_id!r}", "data", *keys)
        params: dict[str, Range | Choice] = {}
        for name, spec in item.get("params", {}).items():
            grid = read.param(spec, f"panel {panel_id!r}: params.{name}", *keys, "params", name)
            if grid is not None:
                params[name] = grid
        options: dict[str, Any] = {}
        for name, value in item.items():
            if name in COMMON_PANEL_KEYS:
                continue
            if PANEL_KINDS[kind][name] is SLIDER:  # a slider of the page's own, checked like params
                grid = read.range(value, f"panel {panel_id!r}: {name}", *keys, name)
                options[name] = grid.to_json() if grid else None
            else:
                options[name] = value
        title = read.text(item, "title", *keys) if "title" in item else None
        panels.append(Panel(panel_id, kind, data, title, params, options))
    return tuple(panels)


def _tasks(read: _Reader, items: list[dict[str, Any]]) -> tuple[Task, ...]:
    tasks: list[Task] = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        keys = ("task", i)
        task_id = read.ident(item.get("id"), seen, "task", *keys)
        answers: list[TaskAnswer] = []
        seen_answers: set[str] = set()
        for j, spec in enumerate(item.get("answer", [])):
            answer_keys = (*keys, "answer", j)
            answer_id = read.ident(spec.get("id"), seen_answers, f"task {task_id!r}: answer", *answer_keys)
            value = spec.get("value")
            accepted = value if isinstance(value, list) else [value] if value is not None else []
            if not accepted:
                read.problem(f"task {task_id!r}, answer {answer_id!r}: value is required (a number or a list of "
                             "accepted numbers)", *answer_keys)
            answers.append(TaskAnswer(answer_id, read.text(spec, "label", *answer_keys),
                                  tuple(float(v) for v in accepted), float(spec.get("tolerance", 0.0))))
        if not answers:
            read.problem(f"task {task_id!r} needs at least one [[task.answer]]", *keys)
        tasks.append(Task(task_id, read.text(item, "question", *keys), read.text(item, "explanation", *keys),
                          tuple(answers)))
    return tuple(tasks)
