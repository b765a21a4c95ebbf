"""A lesson, parsed once from lesson.toml into these types (judge.lessons.parse); the format is
judge.lessons.schema.LESSON, described in docs/authoring.md."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from mljudge.judge.errors import JudgeError
from mljudge.judge.i18n import Text

Role = Literal["value", "slope"]
Scale = Literal["linear", "log"]
Fixed = Mapping[str, str | bool | int | float]


@dataclass(frozen=True)
class Curve:
    id: str
    label: Text
    function: str  # "reference.<module>:<function>" (or "file.py:attr" in the exercise folder)
    role: Role
    fixed: Fixed = field(default_factory=dict)  # the function's other arguments; the first free one sweeps x


@dataclass(frozen=True)
class Plot:
    grid: tuple[float, float, int]  # start, stop, points (linspace)
    curves: tuple[Curve, ...]
    x_label: Text | None = None  # None: the page's own "x"
    difference: bool = True  # the readout's "first value curve − second" row, when there are two
    y_scale: Scale = "linear"

    @property
    def shows_difference(self) -> bool:
        return self.difference and sum(c.role == "value" for c in self.curves) >= 2


@dataclass(frozen=True)
class Range:
    """A slider's grid: min, min + step, …, max. Its values are canonical (rounded to 10 significant digits), so
    that 0.005 + 17·0.005 is 0.09, the number an author writes."""

    min: float
    max: float
    step: float
    default: float

    @property
    def count(self) -> int:
        return round((self.max - self.min) / self.step) + 1

    @property
    def whole(self) -> bool:
        """A grid of whole numbers (a seed, a count): its values are ints, as a function taking them expects."""
        return float(self.min).is_integer() and float(self.step).is_integer()

    def value(self, index: int) -> float:
        value = float(f"{self.min + index * self.step:.10g}")
        return int(value) if self.whole else value

    def within(self, value: float) -> bool:
        """Whether `value` is a finite number from min to max (a hair's rounding either side allowed)."""
        slack = 1e-9 * max(1.0, abs(self.min), abs(self.max))
        return math.isfinite(value) and self.min - slack <= value <= self.max + slack

    def index(self, value: float) -> int | None:
        """The grid index of `value`, or None when it is off the grid (or outside it, or not finite)."""
        if not self.within(value):
            return None
        k = round((value - self.min) / self.step)
        if 0 <= k < self.count and abs(self.value(k) - value) <= 1e-9 * max(1.0, abs(value)):
            return k
        return None

    def to_json(self) -> dict[str, float]:
        default = int(self.default) if self.whole else self.default
        return {"min": self.min, "max": self.max, "step": self.step, "default": default}


@dataclass(frozen=True)
class Choice:
    """A parameter that takes one of a few values: a table's name ("xor", "and"), a few learning rates."""

    choices: tuple[str | int | float, ...]
    default: str | int | float

    def match(self, asked: str) -> str | int | float | None:
        """The choice the page asked for as text (a query parameter), or None."""
        for choice in self.choices:
            if isinstance(choice, str):
                if asked == choice:
                    return choice
            else:
                try:
                    if float(asked) == float(choice):
                        return choice
                except ValueError:
                    continue
        return None

    def to_json(self) -> dict[str, object]:
        return {"choices": list(self.choices), "default": self.default}


@dataclass(frozen=True)
class Panel:
    """An interactive picture beside the lesson's text: a component of the page (`kind`) fed with the JSON that
    trusted code (`data`) computes on the server, called with `params` (their defaults, or values on their grids
    that the page asks for)."""

    id: str
    kind: str
    data: str
    title: Text | None = None  # None: the kind's own title
    params: Mapping[str, Range | Choice] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)  # the kind's own settings (lessons.panels.PANEL_KINDS)

    def defaults(self) -> dict[str, str | int | float]:
        return {name: r.value(r.index(r.default) or 0) if isinstance(r, Range) else r.default
                for name, r in self.params.items()}


@dataclass(frozen=True)
class TaskAnswer:
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
    answers: tuple[TaskAnswer, ...]


@dataclass(frozen=True)
class Lesson:
    slug: str
    title: Text
    body: Text
    plot: Plot | None
    panels: tuple[Panel, ...]
    tasks: tuple[Task, ...]

    def task(self, task_id: str) -> Task | None:
        return next((t for t in self.tasks if t.id == task_id), None)

    def panel(self, panel_id: str) -> Panel | None:
        return next((p for p in self.panels if p.id == panel_id), None)


class LessonProblem(NamedTuple):
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


class BadParam(JudgeError):
    """A panel parameter the page asked for that the lesson does not declare, or a value off its grid."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
