"""Where exercises live, and the course they make: every exercise folder of one directory, in course order
(exercises/course.toml), loaded on demand and reloaded when its files change."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from pathlib import Path

from mljudge.judge.errors import ExerciseError, UnknownExercise
from mljudge.judge.exercise import Exercise, Module
from mljudge.judge.i18n import Text
from mljudge.judge.loader import GROUPS_FILE, load_exercise, read_checked, text_field
from mljudge.judge.schema import COURSE

# What an exercise folder may be called: short, lowercase, no dots or slashes. Checked before the name touches the
# filesystem, so a hostile slug (256 characters, "..", NUL) is just an unknown exercise, never an OSError.
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def default_exercises_dir() -> Path:
    env = os.environ.get("JUDGE_EXERCISES_DIR")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "exercises"


# How long an exercise's files are trusted unchanged before their times are read again: an author's edit shows
# within a second, and a busy server does not stat every file of an exercise on every request.
FRESH_FOR = 1.0


class Catalog:
    """All exercises of one folder, loaded on demand and reloaded when their files change."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root else default_exercises_dir()
        self._cache: dict[str, tuple[float, Exercise]] = {}
        self._checked: dict[str, float] = {}  # slug -> time.monotonic() when its files' times were last read

    def slugs(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if (p / "exercise.toml").is_file())

    def get(self, slug: str) -> Exercise:
        path = self.root / slug
        if not SLUG.fullmatch(slug) or not (path / "exercise.toml").is_file():
            raise UnknownExercise(slug, self.slugs())
        cached = self._cache.get(slug)
        now = time.monotonic()
        if cached and now - self._checked.get(slug, -FRESH_FOR) < FRESH_FOR:
            return cached[1]  # looked at its files a moment ago: a request does not stat them all again
        self._checked[slug] = now
        try:
            shared = [self.root / GROUPS_FILE] if (self.root / GROUPS_FILE).is_file() else []
            stamp = max((p.stat().st_mtime for p in [*path.rglob("*"), *shared] if p.is_file()), default=0.0)
        except OSError as exc:  # a file removed while we looked, an unreadable folder: this exercise's problem
            raise ExerciseError(path, f"cannot be read: {exc}") from None
        cached = self._cache.get(slug)
        if cached and cached[0] == stamp:
            return cached[1]
        exercise = load_exercise(path)
        self._cache[slug] = (stamp, exercise)
        return exercise

    def all(self, on_error: Callable[[str, ExerciseError], None] | None = None) -> list[Exercise]:
        """Every exercise, in course order: by module number, then by order inside the module. With `on_error`,
        a broken folder (an author's work in progress) is reported to it and left out instead of raising: loading
        raises nothing but ExerciseError, so one broken folder never hides the others."""
        rank = {m.id: m.number for m in self.modules()}
        found = []
        for slug in self.slugs():
            try:
                found.append(self.get(slug))
            except ExerciseError as exc:
                if on_error is None:
                    raise
                on_error(slug, exc)
        return sorted(found, key=lambda e: (rank.get(e.module, 1 << 30), e.order, e.slug))

    def course_title(self) -> Text | None:
        """The course's title (course.toml `title.<lang>`), if it has one."""
        path = self.root / "course.toml"
        if not path.is_file():
            return None
        doc, where = read_checked(path, COURSE)
        return text_field(doc, "title", where) if "title" in doc else None

    def modules(self) -> list[Module]:
        """exercises/course.toml: the course's modules, in order, with their introductions."""
        path = self.root / "course.toml"
        if not path.is_file():
            return []
        doc, where = read_checked(path, COURSE)  # keys and types checked: a typo is an error at its line
        return sorted((Module(id=m.get("id", ""), number=m.get("number", 0),
                              title=text_field(m, "title", where, "module", i),
                              intro=text_field(m, "intro", where, "module", i))
                       for i, m in enumerate(doc.get("module", []))), key=lambda m: m.number)
