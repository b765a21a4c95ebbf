"""Where exercises live, and the course they make: every exercise folder of one directory, in course order
(exercises/course.toml), loaded on demand and reloaded when its files change."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from judge.errors import ExerciseError, UnknownExercise
from judge.exercise import Exercise, Module
from judge.i18n import Text
from judge.loader import Where, load_exercise, read_toml, text_field


def default_exercises_dir() -> Path:
    env = os.environ.get("JUDGE_EXERCISES_DIR")
    return Path(env) if env else Path(__file__).resolve().parent.parent / "exercises"


class Catalog:
    """All exercises of one folder, loaded on demand and reloaded when their files change."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root else default_exercises_dir()
        self._cache: dict[str, tuple[float, Exercise]] = {}

    def slugs(self) -> list[str]:
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if (p / "exercise.toml").is_file())

    def get(self, slug: str) -> Exercise:
        path = self.root / slug
        if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", slug) or not (path / "exercise.toml").is_file():
            raise UnknownExercise(slug, self.slugs())
        stamp = max((p.stat().st_mtime for p in path.rglob("*") if p.is_file()), default=0.0)
        cached = self._cache.get(slug)
        if cached and cached[0] == stamp:
            return cached[1]
        exercise = load_exercise(path)
        self._cache[slug] = (stamp, exercise)
        return exercise

    def all(self, on_error: Callable[[str, ExerciseError], None] | None = None) -> list[Exercise]:
        """Every exercise, in course order: by module number, then by order inside the module. With `on_error`,
        a broken folder (an author's work in progress) is reported to it and left out instead of raising."""
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
        if not path.is_file() or "title" not in (doc := read_toml(path)):
            return None
        return text_field(doc, "title", Where(path))

    def modules(self) -> list[Module]:
        """exercises/course.toml: the course's modules, in order, with their introductions."""
        path = self.root / "course.toml"
        if not path.is_file():
            return []
        where = Where(path)
        return sorted((Module(id=str(m.get("id", "")), number=int(m.get("number", 0)),
                              title=text_field(m, "title", where, "module", i),
                              intro=text_field(m, "intro", where, "module", i))
                       for i, m in enumerate(read_toml(path).get("module", []))), key=lambda m: m.number)
