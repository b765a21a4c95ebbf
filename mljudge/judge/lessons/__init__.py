"""Lessons: the page that lets a learner *look* at an exercise's function before (or after) writing it. This package's
way in; its parts are the model, reading lesson.toml (parse, against schema), curves, panels and tasks.

Pure logic, no web: read `exercises/<slug>/lesson.toml` once into a typed Lesson, sample its curves and compute
its panels' data from trusted code, check the answers of its "try it" tasks, and tell authors what is wrong
with a lesson (`lesson_problems`, for `judge check`). The format is judge.lessons.schema.LESSON, described key by
key in docs/authoring.md:

    title.en = "GELU: a dip below zero"          # the page's title, every language
    title.ru = "GELU: провал ниже нуля"

    [plot]                                       # a plot of curves with a cursor (optional with a [[panel]])
    x = [-4.0, 3.0, 701]                         # start, stop, points (linspace)
    x_label.en = "x"                             # optional (default "x"); difference, y_scale: optional too

    [[plot.curve]]
    id = "exact"
    label.en = "exact GELU x·Φ(x)"
    label.ru = "точная GELU x·Φ(x)"
    function = "mljudge.reference.gelu:gelu_exact"       # trusted code; its first parameter not in `fixed` sweeps x
    fixed = { }                                  # its other arguments: { beta = 2.0 }
    role = "value"                               # "value" (solid) or "slope" (dashed)

    [[panel]]                                    # an interactive picture drawn by the page
    kind = "descent"                             # one of judge.lessons.panels.PANEL_KINDS
    data = "mljudge.reference.optimizers:panel"          # trusted code: its JSON goes to the page
    params.lr = { min = 0.005, max = 0.4, step = 0.005, default = 0.09 }   # optional: states the page may ask
    params.table = { choices = ["xor", "and"], default = "xor" }            # (a grid, or a few choices)

    [[task]]                                     # "try it" tasks, checked by the server
    id = "lowest-point"
    question.en = "..."                          # markdown; explanation.en/ru: shown after a right answer
    [[task.answer]]
    id = "x"
    label.en = "x at the lowest point"
    value = -0.7518                              # or a list of accepted answers
    tolerance = 0.01

The page's prose is `lesson.<lang>.md` next to it (the exercise loader reads it into the lesson's body).
"""

from __future__ import annotations

import numpy as np

from mljudge.judge.errors import ExerciseError
from mljudge.judge.exercise import Exercise
from mljudge.judge.lessons import panels
from mljudge.judge.lessons.cache import cached
from mljudge.judge.lessons.curves import CurveError, evaluate, grid, reference_curve, sample
from mljudge.judge.lessons.model import (
    BadParam,
    Choice,
    Curve,
    Lesson,
    LessonProblem,
    Panel,
    Plot,
    Range,
    Task,
    TaskAnswer,
    UnknownAnswer,
)
from mljudge.judge.lessons.parse import parse_lesson
from mljudge.judge.lessons.tasks import AnswerResult, TaskResult, mark_task, parse_number, public_task
from mljudge.judge.loader import Where

__all__ = [
    "AnswerResult", "BadParam", "Choice", "Curve", "CurveError", "Lesson", "LessonProblem", "Panel", "Plot", "Range",
    "Task", "TaskAnswer", "TaskResult", "UnknownAnswer", "grid", "lesson_problems", "load_lesson", "mark_task",
    "panel_data", "parse_number", "public_task", "reference_curve", "sample",
]


def load_lesson(exercise: Exercise) -> Lesson | None:
    """The exercise's lesson, read once per loaded exercise, or None when it has none. Raises ExerciseError
    (file:line) for a broken one."""

    def read() -> Lesson | None:
        lesson, problems = parse_lesson(exercise)
        if problems:
            first = problems[0]
            raise ExerciseError(exercise.path / first.file, "; ".join(p.message for p in problems), first.line)
        return lesson

    return cached(("lesson",), exercise, read)  # type: ignore[no-any-return]


def lesson_problems(exercise: Exercise) -> list[LessonProblem]:
    """Every problem an author should fix in the exercise's lesson, each with its file and line (empty when the
    lesson is fine or there is none). Samples each curve and calls each panel's data function, too."""
    lesson, problems = parse_lesson(exercise)
    if lesson is None:
        return problems
    where = Where(exercise.path / "lesson.toml")
    if lesson.plot is not None:
        problems.extend(_curve_problems(exercise, lesson.plot, where))
    for i, panel in enumerate(lesson.panels):
        try:
            found = panels.panel_problems(exercise, panel, i)
        except ExerciseError as exc:  # the function cannot be loaded
            found = [exc.message]
        problems.extend(LessonProblem(where.path.name, where.line("panel", i, "data"), message) for message in found)
    return problems


def panel_data(exercise: Exercise, lesson: Lesson, panel: Panel, asked: dict[str, str] | None = None) -> object:
    """The panel's JSON in the state the page asks for (default: its parameters' defaults). Raises BadParam."""
    index = lesson.panels.index(panel)
    return panels.data(exercise, panel, index, panels.resolve_state(panel, asked or {}))


def _curve_problems(exercise: Exercise, plot: Plot, where: Where) -> list[LessonProblem]:
    out: list[LessonProblem] = []
    x = grid(plot)

    def problem(i: int, message: str, key: str = "function") -> None:
        out.append(LessonProblem(where.path.name, where.line("plot", "curve", i, key), message))

    for i, curve in enumerate(plot.curves):
        try:
            values = evaluate(exercise, curve, x, "plot", "curve", i)
        except ExerciseError as exc:
            out.append(LessonProblem(where.path.name, exc.line, exc.message))
            continue
        except Exception as exc:  # an author's function that raises: report it, do not crash the check
            problem(i, f"curve {curve.id!r}: {curve.function} raised {type(exc).__name__}: {exc}")
            continue
        if values.shape != x.shape:
            problem(i, f"curve {curve.id!r}: {curve.function} returned shape {values.shape} for {x.shape} points")
        elif not np.all(np.isfinite(values)):
            bad = float(x[~np.isfinite(values)][0])
            problem(i, f"curve {curve.id!r} is not finite at x = {bad:g}")
        elif plot.y_scale == "log" and curve.role == "value" and not np.any(values > 0):
            problem(i, f"curve {curve.id!r} has no positive value to draw on plot.y_scale = \"log\"")
    return out
