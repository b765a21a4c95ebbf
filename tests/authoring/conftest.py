"""Fixtures for the authoring commands: a private copy of the exercises, and the CLI run in-process."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mljudge import sandbox
from mljudge.judge import pools
from mljudge.judge.cli import main

REPO_EXERCISES = Path(__file__).resolve().parents[2] / "mljudge" / "exercises"


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


@pytest.fixture
def exercises(tmp_path: Path) -> Path:
    """exercises/gelu and course.toml only, copied: other engineers' half-written exercises stay out, and each
    test may break its copy freely."""
    root = tmp_path / "exercises"
    root.mkdir()
    shutil.copy(REPO_EXERCISES / "course.toml", root / "course.toml")
    shutil.copytree(REPO_EXERCISES / "gelu", root / "gelu", ignore=shutil.ignore_patterns("__pycache__"))
    # The time_limit example burns the whole CPU limit on every check: 1 s instead of 3 keeps the suite quick
    # and still leaves the model solutions (~15 ms) far more than 2× headroom.
    meta = root / "gelu" / "exercise.toml"
    text, found = re.subn(r"(?m)^cpu_seconds = .*$", "cpu_seconds = 1", meta.read_text(encoding="utf-8"))
    assert found == 1, "exercises/gelu/exercise.toml no longer sets cpu_seconds"
    meta.write_text(text, encoding="utf-8")
    return root


class _Borrowed:
    """The session's pool lent to a command that would start (and close) its own: zygotes start once."""

    def __init__(self, pool: sandbox.pool.Pool) -> None:
        self._pool = pool

    def __getattr__(self, name: str) -> Any:
        return getattr(self._pool, name)

    def close(self) -> None:
        pass


@pytest.fixture
def shared_pool(monkeypatch: pytest.MonkeyPatch, pool: sandbox.pool.Pool) -> sandbox.pool.Pool:
    """The session's pool for the pool `judge check` or `judge grade` makes (course_pool): for copies of the
    bundled course, whose words it allows already."""
    monkeypatch.setattr(pools, "course_pool", lambda *args, **kwargs: _Borrowed(pool))
    return pool


@pytest.fixture
def judge(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """`judge(*argv)`: run the CLI in this process, return its exit code and output."""

    def run(*argv: str | Path) -> Run:
        capsys.readouterr()
        code = main([str(a) for a in argv])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run

