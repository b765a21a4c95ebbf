"""Small file edits for the tests that break an exercise on purpose."""

from __future__ import annotations

from pathlib import Path


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace `old` (which must be there) by `new` in a file."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)
