"""A lesson's "try it" tasks: the learner's typed answers checked on the server, whose answers never leave it."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from mljudge.judge.lessons.model import Task, UnknownAnswer


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


_DECIMAL = r"(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?"
_NUMBER = re.compile(rf"[+-]?{_DECIMAL}")
# A fraction, as the lessons' own explanations write their answers (4/9, −1/3, 1 ⁄ 2, 2.5/10): a number over a
# non-zero unsigned one.
_FRACTION = re.compile(rf"(?P<top>[+-]?{_DECIMAL})[/\u2044\u2215÷](?P<bottom>{_DECIMAL})")


def parse_number(value: Any) -> float | None:
    """A learner's typed answer as a float: numbers as they are; strings may use a decimal comma, a Unicode
    minus or spaces ('−0,75'), or be a fraction ('4/9'). None for anything else (empty, text, NaN, infinities,
    a fraction over 0)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        number = float(value)
    elif isinstance(value, str):
        cleaned = value.strip().replace("\u2212", "-").replace("\u2013", "-").replace(",", ".")
        cleaned = re.sub(r"[\s\u00a0\u202f]", "", cleaned)
        fraction = _FRACTION.fullmatch(cleaned)
        if fraction:
            bottom = float(fraction["bottom"])
            if bottom == 0:
                return None
            number = float(fraction["top"]) / bottom
        elif _NUMBER.fullmatch(cleaned):
            number = float(cleaned)
        else:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def mark_task(task: Task, answers: Mapping[str, Any]) -> TaskResult:
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
