"""Typed failures of the judge itself. A submission's problems are verdicts, never exceptions."""

from __future__ import annotations

from pathlib import Path


class JudgeError(Exception):
    """Base class: something the user of the judge (learner, author, teacher) must fix or know about."""


class UnknownExercise(JudgeError):
    def __init__(self, slug: str, known: list[str]) -> None:
        hint = f"; known exercises: {', '.join(known)}" if known else ""
        super().__init__(f"no exercise named {slug!r}{hint}")
        self.slug = slug


class UnknownTrack(JudgeError):
    def __init__(self, track: str, known: list[str]) -> None:
        super().__init__(f"unknown track {track!r}; this exercise has: {', '.join(known)}")
        self.track = track


class ExerciseError(JudgeError):
    """An exercise folder that is broken. Carries file and line so an author can jump to it."""

    def __init__(self, path: Path | str, message: str, line: int | None = None) -> None:
        where = f"{path}:{line}" if line else str(path)
        super().__init__(f"{where}: {message}")
        self.path = Path(path)
        self.line = line
        self.message = message


class ExerciseErrors(ExerciseError):
    """Several problems found at once in one file (every case of cases.toml that is wrong, say): it reads as the
    first, and `every` lists them all, so that `judge check` reports them in one run."""

    def __init__(self, errors: list[ExerciseError]) -> None:
        first = errors[0]
        super().__init__(first.path, first.message, first.line)
        self.errors = list(errors)


def every(exc: ExerciseError) -> list[ExerciseError]:
    """The problems one ExerciseError stands for: itself, or each of an ExerciseErrors."""
    return list(exc.errors) if isinstance(exc, ExerciseErrors) else [exc]
