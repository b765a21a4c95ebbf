"""`judged()`: grade() and say the report in one language, for tests that read what the learner is told."""

from __future__ import annotations

from typing import Any

from mljudge.judge.exercise import Exercise
from mljudge.judge.grade import grade
from mljudge.judge.localise import Localised, localise


def judged(exercise: Exercise, source: str | bytes, track: str | None = None, *, lang: str = "en",
           **kwargs: Any) -> Localised:
    return localise(grade(exercise, source, track, **kwargs), lang)
