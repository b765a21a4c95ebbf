"""Lessons: the page that lets a learner *look* at an exercise's function before (or after) writing it.

Pure logic, no web: read `exercises/<slug>/lesson.toml`, sample its curves from trusted code, check the answers
of its "try it" tasks, and tell authors what is wrong with a lesson (`validate_lesson`, for `judge check`).

    title.en = "GELU: a dip below zero"          # the page's title, every language
    title.ru = "GELU: провал ниже нуля"

    [plot]
    x = [-4.0, 3.0, 701]                         # start, stop, number of points (linspace), 2..5000 points
    x_label.en = "x"                             # optional: what the horizontal axis is, every language
    x_label.ru = "x"                             # (default "x"; e.g. "p" for a probability, "n" for a count)
    difference = true                            # optional: show the difference of the first two value curves
                                                 # in the readout (default true; false when it means nothing)

    [[plot.curve]]                               # one or more; drawn in this order
    id = "exact"                                 # unique; letters, digits, -, _
    label.en = "exact GELU x·Φ(x)"
    label.ru = "точная GELU x·Φ(x)"
    function = "reference.gelu:gelu_exact"       # trusted f(x) on an array: "module:attr" or "file.py:attr"
                                                 # (a file in the exercise's folder)
    role = "value"                               # "value" (solid) or "slope" (dashed); same axes

    [[task]]                                     # zero or more "try it" tasks, checked by the server
    id = "lowest-point"
    question.en = "..."                          # markdown
    question.ru = "..."
    explanation.en = "..."                       # markdown, shown after a correct answer
    explanation.ru = "..."

    [[task.answer]]                              # one or more numbers the learner types in
    id = "x"
    label.en = "x at the lowest point"
    label.ru = "x в самой низкой точке"
    value = -0.7518                              # the right answer, or a list of accepted answers
    tolerance = 0.01                             # |given − value| ≤ tolerance is right (default 0)

The page's prose is `lesson.<lang>.md` next to it (the exercise loader reads it into ``lesson["body"]``).
The cursor readout shows x (under `x_label`), each value curve, the difference of the first two value curves
(unless `difference = false`, and only when there are two), and each slope.
Answers never leave the server: `public_task` strips them, `check_task` compares.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

import numpy as np

from judge.errors import ExerciseError, JudgeError
from judge.exercise import Exercise
from judge.i18n import LANGS, Text
from judge.loader import Where, load_callable, resolve_reference  # the loader's own helpers: same errors

ROLES = ("value", "slope")
PLOT_KEYS = ("x", "x_label", "difference", "curve")
MAX_POINTS = 5000
SIGNIFICANT_DIGITS = 10  # enough for a readout to 7 decimals, and a third of the JSON of full repr
_ID = re.compile(r"[A-Za-z0-9][\w-]*")

Role = Literal["value", "slope"]


@dataclass(frozen=True)
class Curve:
    id: str
    label: Text
    function: str
    role: Role


@dataclass(frozen=True)
class Answer:
    id: str
    label: Text
    accepted: tuple[float, ...]
    tolerance: float

    def matches(self, given: float) -> bool:
        # The tiny slack keeps "exactly at the tolerance" from failing on float rounding (0.1 + 0.2 ...).
        return any(abs(given - value) <= self.tolerance + 1e-12 for value in self.accepted)


@dataclass(frozen=True)
class Task:
    id: str
    question: Text
    explanation: Text
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: Text
    body: Text
    grid: tuple[float, float, int]
    curves: tuple[Curve, ...]
    tasks: tuple[Task, ...]
    x_label: Text | None = None  # None: the page's own "x"
    difference: bool = True  # the readout's "first value curve − second" row, when there are two

    @property
    def shows_difference(self) -> bool:
        return self.difference and sum(c.role == "value" for c in self.curves) >= 2

    def task(self, task_id: str) -> Task | None:
        return next((t for t in self.tasks if t.id == task_id), None)


@dataclass
class AnswerResult:
    correct: bool
    missing: bool = False


@dataclass
class TaskResult:
    task: str
    correct: bool
    answers: dict[str, AnswerResult] = field(default_factory=dict)

    @property
    def missing(self) -> bool:
        return any(a.missing for a in self.answers.values())


class Problem(NamedTuple):
    """Something wrong with a lesson: which file of the exercise folder, which line (None: the whole file), what."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}" if self.line else f"{self.file}: {self.message}"


class UnknownAnswer(JudgeError):
    """An answer id the task does not have (a client bug, not a wrong answer)."""

    def __init__(self, task: str, answer: str, known: list[str]) -> None:
        super().__init__(f"task {task!r} has no answer {answer!r}; its answers are: {', '.join(known)}")
        self.answer = answer


# --- reading ---------------------------------------------------------------------------------------------------


def load_lesson(exercise: Exercise) -> Lesson | None:
    """The exercise's lesson, or None when it has none. Raises ExerciseError (file:line) for a broken one."""
    lesson, problems = _parse(exercise)
    if problems:
        raise ExerciseError(exercise.path / "lesson.toml", "; ".join(map(str, problems)))
    return lesson


def validate_lesson(exercise: Exercise) -> list[str]:
    """Every problem an author should fix in the exercise's lesson, as 'lesson.toml:LINE: message' lines
    (empty when the lesson is fine or there is none). Samples each curve on its grid, too."""
    return [str(problem) for problem in lesson_problems(exercise)]


def lesson_problems(exercise: Exercise) -> list[Problem]:
    """`validate_lesson` as data: (file name in the exercise folder, line or None, message)."""
    lesson, problems = _parse(exercise)
    if lesson is None:
        return problems
    where = Where(exercise.path / "lesson.toml")
    x = grid(lesson)
    for i, curve in enumerate(lesson.curves):
        try:
            values = _evaluate(exercise, curve, x)
        except ExerciseError as exc:
            problems.append(_problem(where, exc.message, "plot.curve", i, "function"))
            continue
        except Exception as exc:  # an author's function that raises: report it, do not crash the check
            problems.append(_problem(where, f"curve {curve.id!r}: {curve.function} raised "
                                            f"{type(exc).__name__}: {exc}", "plot.curve", i, "function"))
            continue
        if values.shape != x.shape:
            problems.append(_problem(where, f"curve {curve.id!r}: {curve.function} returned shape "
                                            f"{values.shape} for {x.shape} points", "plot.curve", i, "function"))
        elif not np.all(np.isfinite(values)):
            bad = float(x[~np.isfinite(values)][0])
            problems.append(_problem(where, f"curve {curve.id!r} is not finite at x = {bad:g}",
                                     "plot.curve", i, "function"))
    return problems


def _parse(exercise: Exercise) -> tuple[Lesson | None, list[Problem]]:
    raw = exercise.lesson
    if raw is None:
        return None, []
    where = Where(exercise.path / "lesson.toml")
    problems: list[Problem] = []

    def text(table: Mapping[str, Any], key: str, *keys: str | int) -> Text:
        value = table.get(key)
        if isinstance(value, str):
            value = {"en": value}
        if not isinstance(value, dict):
            problems.append(_problem(where, f"{key!r} needs a text per language "
                                            f"({', '.join(f'{key}.{lang}' for lang in LANGS)})", *keys, key))
            return Text()
        result = Text({str(k): str(v) for k, v in value.items()})
        if result.missing():
            problems.append(_problem(where, f"{key!r} has no text in {', '.join(result.missing())}", *keys, key))
        return result

    title = text(raw, "title")
    body = raw.get("body") if isinstance(raw.get("body"), Text) else Text()
    if body.missing():
        problems.extend(Problem(f"lesson.{lang}.md", None, "empty") for lang in body.missing())

    plot = raw.get("plot")
    span: tuple[float, float, int] = (0.0, 1.0, 2)
    curves: list[Curve] = []
    if not isinstance(plot, dict):
        problems.append(_problem(where, "a [plot] table is required", "plot"))
        plot = {}
    x = plot.get("x")
    if (isinstance(x, list) and len(x) == 3 and all(_is_number(v) for v in x) and float(x[2]).is_integer()
            and float(x[0]) < float(x[1]) and 2 <= int(x[2]) <= MAX_POINTS):
        span = (float(x[0]), float(x[1]), int(x[2]))
    else:
        problems.append(_problem(where, f"plot.x must be [start, stop, points] with start < stop and "
                                        f"2..{MAX_POINTS} points", "plot", "x"))
    for key in plot:
        if key not in PLOT_KEYS:
            problems.append(_problem(where, f"[plot] has no setting {key!r}; its settings are: "
                                            f"{', '.join(PLOT_KEYS)}", "plot", key))
    x_label = text(plot, "x_label", "plot") if "x_label" in plot else None
    difference = plot.get("difference", True)
    if not isinstance(difference, bool):
        problems.append(_problem(where, "plot.difference must be true or false", "plot", "difference"))
        difference = True
    seen: set[str] = set()
    for i, item in enumerate(plot.get("curve", [])):
        keys = ("plot.curve", i)
        curve_id = _check_id(item.get("id"), seen, "curve", where, problems, *keys)
        role = item.get("role", "value")
        if role not in ROLES:
            problems.append(_problem(where, f"curve {curve_id!r}: role must be one of {', '.join(ROLES)}",
                                     *keys, "role"))
        function = item.get("function")
        if not isinstance(function, str) or ":" not in function:
            problems.append(_problem(where, f"curve {curve_id!r}: function must be 'module:attr' or 'file.py:attr'",
                                     *keys, "function"))
            function = ""
        curves.append(Curve(curve_id, text(item, "label", *keys), function, role))
    if not curves:
        problems.append(_problem(where, "at least one [[plot.curve]] is required", "plot"))
    elif not any(c.role == "value" for c in curves):
        problems.append(_problem(where, "at least one curve needs role = \"value\"", "plot.curve"))
    if plot.get("difference") is True and sum(c.role == "value" for c in curves) < 2:
        problems.append(_problem(where, "plot.difference = true needs two curves with role = \"value\" "
                                        "(the readout shows the first minus the second)", "plot", "difference"))

    tasks: list[Task] = []
    seen_tasks: set[str] = set()
    answer_index = 0  # [[task.answer]] headers counted through the whole file, for line numbers
    for i, item in enumerate(raw.get("task", [])):
        keys = ("task", i)
        task_id = _check_id(item.get("id"), seen_tasks, "task", where, problems, *keys)
        answers: list[Answer] = []
        seen_answers: set[str] = set()
        for spec in item.get("answer", []):
            answer_keys = ("task.answer", answer_index)
            answer_index += 1
            answer_id = _check_id(spec.get("id"), seen_answers, f"task {task_id!r}: answer", where, problems,
                                  *answer_keys)
            accepted = spec.get("value")
            accepted = accepted if isinstance(accepted, list) else [accepted]
            if not accepted or not all(_is_number(v) and math.isfinite(v) for v in accepted):
                problems.append(_problem(where, f"task {task_id!r}, answer {answer_id!r}: value must be a number "
                                                "or a list of numbers", *answer_keys, "value"))
                accepted = []
            tolerance = spec.get("tolerance", 0.0)
            if not _is_number(tolerance) or not tolerance >= 0:
                problems.append(_problem(where, f"task {task_id!r}, answer {answer_id!r}: tolerance must be a "
                                                "number ≥ 0", *answer_keys, "tolerance"))
                tolerance = 0.0
            answers.append(Answer(answer_id, text(spec, "label", *answer_keys),
                                  tuple(float(v) for v in accepted), float(tolerance)))
        if not answers:
            problems.append(_problem(where, f"task {task_id!r} needs at least one [[task.answer]]", *keys))
        tasks.append(Task(task_id, text(item, "question", *keys), text(item, "explanation", *keys),
                          tuple(answers)))

    lesson = Lesson(exercise.slug, title, body, span, tuple(curves), tuple(tasks), x_label, difference)
    return lesson, problems


def _check_id(value: Any, seen: set[str], what: str, where: Where, problems: list[Problem],
              *keys: str | int) -> str:
    text = str(value or "")
    if not _ID.fullmatch(text):
        problems.append(_problem(where, f"{what} {len(seen) + 1} needs an id (letters, digits, -, _)", *keys, "id"))
    elif text in seen:
        problems.append(_problem(where, f"{what} id {text!r} is used twice", *keys, "id"))
    seen.add(text)
    return text


def _problem(where: Where, message: str, *keys: str | int) -> Problem:
    return Problem(where.path.name, where.line(*keys), message)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# --- curves ----------------------------------------------------------------------------------------------------


def grid(lesson: Lesson) -> np.ndarray:
    start, stop, num = lesson.grid
    return np.linspace(start, stop, num)


def _evaluate(exercise: Exercise, curve: Curve, x: np.ndarray) -> np.ndarray:
    function = load_callable(exercise.path, curve.function, Where(exercise.path / "lesson.toml"),
                              "plot.curve", "function")
    with np.errstate(all="ignore"):  # a non-finite point is reported by validate_lesson, not warned about
        return np.asarray(function(x.copy()), dtype=np.float64)


def _plain(values: np.ndarray) -> list[float | None]:
    # JSON has no NaN/inf: non-finite points become gaps (null), which the plot draws as breaks.
    return [float(f"{v:.{SIGNIFICANT_DIGITS}g}") if math.isfinite(v) else None for v in values.tolist()]


_cache: dict[tuple[str, str], tuple[object, Any]] = {}
_cache_lock = threading.Lock()


def _cached(kind: str, exercise: Exercise, compute: Callable[[], Any]) -> Any:
    """One computed value per exercise *object*: the catalog hands out a new Exercise when its files change,
    so a stale entry is simply replaced. Curves come from trusted code in this process, never the sandbox."""
    key = (kind, str(exercise.path))
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None and hit[0] is exercise:
            return hit[1]
    value = compute()
    with _cache_lock:
        _cache[key] = (exercise, value)
    return value


def sample(exercise: Exercise, lesson: Lesson) -> dict[str, Any]:
    """The plot's points: ``{"x": [...], "curves": [{"id", "label" (Text), "role", "values"}]}`` (the axis label
    and the difference row are the Lesson's `x_label` and `shows_difference`)."""

    def compute() -> dict[str, Any]:
        x = grid(lesson)
        curves = [{"id": c.id, "label": c.label, "role": c.role, "values": _plain(_evaluate(exercise, c, x))}
                  for c in lesson.curves]
        return {"x": _plain(x), "curves": curves}

    return _cached("lesson", exercise, compute)


def reference_curve(exercise: Exercise) -> list[float | None] | None:
    """The right answer on the exercise's plot grid (``[plot] x`` in exercise.toml), from its trusted reference
    function, for drawing beside the learner's curve. None when the exercise has no grid or no reference."""
    plot_args = exercise.plot_args()
    if plot_args is None or not exercise.reference:
        return None

    def compute() -> list[float | None]:
        reference = resolve_reference(exercise)
        assert reference is not None
        args, kwargs = exercise.call_args(plot_args)
        return _plain(np.asarray(reference(*args, **kwargs), dtype=np.float64).ravel())

    return _cached("reference", exercise, compute)


# --- tasks -----------------------------------------------------------------------------------------------------


def parse_number(value: Any) -> float | None:
    """A learner's typed answer as a float: numbers as they are; strings may use a decimal comma, a Unicode
    minus or spaces ('−0,75'). None for anything else (empty, text, NaN, infinities)."""
    if _is_number(value):
        number = float(value)
    elif isinstance(value, str):
        cleaned = value.strip().replace("\u2212", "-").replace("\u2013", "-").replace(",", ".")
        cleaned = re.sub(r"[\s\u00a0\u202f]", "", cleaned)
        if not re.fullmatch(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?", cleaned):
            return None
        number = float(cleaned)
    else:
        return None
    return number if math.isfinite(number) else None


def check_task(task: Task, answers: Mapping[str, Any]) -> TaskResult:
    """Compare the learner's answers with the task's. Raises UnknownAnswer for an id the task lacks;
    a missing or unreadable answer is simply not correct (and flagged `missing`)."""
    known = [a.id for a in task.answers]
    for answer_id in answers:
        if answer_id not in known:
            raise UnknownAnswer(task.id, str(answer_id), known)
    result = TaskResult(task.id, correct=True)
    for answer in task.answers:
        given = parse_number(answers.get(answer.id))
        if given is None:
            result.answers[answer.id] = AnswerResult(False, missing=True)
        else:
            result.answers[answer.id] = AnswerResult(answer.matches(given))
        result.correct = result.correct and result.answers[answer.id].correct
    return result


def public_task(task: Task, lang: str) -> dict[str, Any]:
    """What the browser may see of a task: texts and answer labels, never values or tolerances."""
    return {"id": task.id, "question": task.question.get_in(lang),
            "answers": [{"id": a.id, "label": a.label.get_in(lang)} for a in task.answers]}
