"""Where exercises live, and the course they make: every exercise folder of one directory, and the bundled
exercises its course.toml lists by slug, in course order, loaded on demand and reloaded when their files change.
What a course is, and the bundled one: judge.course."""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable
from pathlib import Path

from mljudge.judge import course
from mljudge.judge.errors import ExerciseError, UnknownExercise
from mljudge.judge.exercise import Exercise, Module
from mljudge.judge.i18n import Text
from mljudge.judge.loader import SHARED_FILES, Where, load_exercise, read_checked, text_field
from mljudge.judge.schema import COURSE

# What an exercise folder may be called: short, lowercase, no dots or slashes. Checked before the name touches the
# filesystem, so a hostile slug (256 characters, "..", NUL) is just an unknown exercise, never an OSError.
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")


def default_exercises_dir() -> Path:
    return course.default_root()


# How long an exercise's files are trusted unchanged before their times are read again: an author's edit shows
# within a second, and a busy server does not stat every file of an exercise on every request.
FRESH_FOR = 1.0


class Catalog:
    """All exercises of one folder, loaded on demand and reloaded when their files change."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root else default_exercises_dir()
        self._cache: dict[str, tuple[float, Exercise]] = {}
        self._checked: dict[str, float] = {}  # slug -> time.monotonic() when its files' times were last read
        self._bundled: Catalog | None = None  # the bundled course, for the exercises course.toml borrows
        self._borrowed: dict[str, tuple[Exercise, Exercise]] = {}  # slug -> (the bundled one, as shown here)

    def own_slugs(self) -> list[str]:
        """The exercise folders of this course's own folder."""
        if not self.root.is_dir():
            return []
        return sorted(p.name for p in self.root.iterdir() if (p / "exercise.toml").is_file())

    def slugs(self) -> list[str]:
        """Every exercise of the course: its own folders and the bundled exercises its course.toml lists."""
        own = self.own_slugs()
        return sorted({*own, *(s for s in self.borrowed(lenient=True) if s in self._bundled_course().own_slugs())})

    def borrowed(self, *, lenient: bool = False) -> dict[str, tuple[str, int]]:
        """The bundled exercises course.toml lists (`bundled = [...]` in a module): slug → (module id, place in
        the list from 1). Empty for the bundled course itself. `lenient`: a broken course.toml lists none."""
        if course.is_bundled(self.root):
            return {}
        try:
            modules = self.modules()
        except ExerciseError:
            if lenient:
                return {}
            raise
        return {slug: (m.id, place) for m in modules for place, slug in enumerate(m.bundled, 1)}

    def course_errors(self) -> list[ExerciseError]:
        """What is wrong with course.toml as a whole (`judge check` reports it): a listed bundled exercise that
        does not exist, is listed twice, or is shadowed by a folder of this course."""
        path = self.root / course.COURSE_FILE
        if not path.is_file():
            return []
        try:
            modules = self.modules()
        except ExerciseError as exc:
            return [exc]
        where, errors, seen = Where(path), [], set()
        known, own = self._bundled_course().own_slugs(), set(self.own_slugs())
        for i, module in enumerate(modules):
            for slug in module.bundled:
                if slug in seen:
                    errors.append(where.error(f"bundled exercise {slug!r} is listed twice", "module", i, "bundled"))
                elif slug in own:
                    errors.append(where.error(f"bundled exercise {slug!r} is listed, but this course has a folder "
                                              f"{slug}/ of its own: remove one of the two", "module", i, "bundled"))
                elif slug not in known:
                    from mljudge.judge.schema import did_you_mean

                    errors.append(where.error(f"there is no bundled exercise {slug!r}{did_you_mean(slug, known)} "
                                              "(`judge list` without --exercises-dir shows them)",
                                              "module", i, "bundled"))
                seen.add(slug)
        return errors

    def _bundled_course(self) -> Catalog:
        if self._bundled is None:
            self._bundled = self if course.is_bundled(self.root) else Catalog(course.bundled_root())
        return self._bundled

    def get(self, slug: str) -> Exercise:
        path = self.root / slug
        if SLUG.fullmatch(slug) and not (path / "exercise.toml").is_file():
            place = self.borrowed(lenient=True).get(slug)
            if place is not None and slug in self._bundled_course().own_slugs():
                return self._borrow(slug, *place)
        if not SLUG.fullmatch(slug) or not (path / "exercise.toml").is_file():
            raise UnknownExercise(slug, self.slugs())
        cached = self._cache.get(slug)
        now = time.monotonic()
        if cached and now - self._checked.get(slug, -FRESH_FOR) < FRESH_FOR:
            return cached[1]  # looked at its files a moment ago: a request does not stat them all again
        self._checked[slug] = now
        try:
            shared = [file for name in SHARED_FILES for file in course.shared_files(self.root, name)]
            stamp = max((p.stat().st_mtime for p in [*path.rglob("*"), *shared] if p.is_file()), default=0.0)
        except OSError as exc:  # a file removed while we looked, an unreadable folder: this exercise's problem
            raise ExerciseError(path, f"cannot be read: {exc}") from None
        cached = self._cache.get(slug)
        if cached and cached[0] == stamp:
            return cached[1]
        exercise = load_exercise(path)
        self._cache[slug] = (stamp, exercise)
        return exercise

    def _borrow(self, slug: str, module: str, place: int) -> Exercise:
        """A bundled exercise shown in this course: the bundled one, in this course's module at its place."""
        exercise = self._bundled_course().get(slug)  # reloaded as its own files change
        cached = self._borrowed.get(slug)
        if cached is not None and cached[0] is exercise and (cached[1].module, cached[1].order) == (module, place):
            return cached[1]
        borrowed = dataclasses.replace(exercise, module=module, order=place)
        self._borrowed[slug] = (exercise, borrowed)
        return borrowed

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
        path = self.root / course.COURSE_FILE
        if not path.is_file():
            return None
        doc, where = read_checked(path, COURSE)
        return text_field(doc, "title", where) if "title" in doc else None

    def modules(self) -> list[Module]:
        """course.toml: the course's modules, in order, with their introductions."""
        path = self.root / course.COURSE_FILE
        if not path.is_file():
            return []
        doc, where = read_checked(path, COURSE)  # keys and types checked: a typo is an error at its line
        return sorted((Module(id=m.get("id", ""), number=m.get("number", 0),
                              title=text_field(m, "title", where, "module", i),
                              intro=text_field(m, "intro", where, "module", i),
                              bundled=tuple(m.get("bundled", ())))
                       for i, m in enumerate(doc.get("module", []))), key=lambda m: m.number)
