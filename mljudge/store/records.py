"""What the store keeps and hands back, as plain dataclasses (no SQLAlchemy objects leave the package)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any


def new_id() -> str:
    """A submission id nobody can guess or enumerate: 122 random bits (UUID version 4), as 32 hex digits."""
    return uuid.uuid4().hex


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Record:
    """One graded submission. `report` is the judge's report in no language (judge.report.Report.to_json());
    `learner` is the learner's pseudonym (a digest of their cookie, never the cookie itself)."""

    id: str
    learner: str
    exercise: str
    track: str
    code: str
    verdict: str
    passed: int
    total: int
    report: dict[str, Any]
    judge_version: str
    grade_ms: float | None = None  # the judge's own time: policy check, sandbox, comparison
    wait_ms: float | None = None  # time in the queue in front of the sandboxes, or the broker's
    mistakes: tuple[str, ...] = ()  # the recognised mistakes (ids), for `judge submissions stats`
    created_at: datetime = field(default_factory=now)

    @property
    def solved(self) -> bool:
        return self.verdict == "accepted"


@dataclass(frozen=True)
class Summary:
    """A line of a learner's history: enough for the list, without the code and report."""

    id: str
    exercise: str
    track: str
    verdict: str
    passed: int
    total: int
    created_at: datetime


@dataclass(frozen=True)
class ExerciseStats:
    """Per exercise: what a teacher acts on."""

    exercise: str
    learners: int
    attempts: int
    solved: int  # learners with at least one accepted submission
    mistakes: list[tuple[str, int]]  # the commonest recognised mistakes, (id, submissions), most frequent first
