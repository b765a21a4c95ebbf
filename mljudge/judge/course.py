"""A course is a folder: its course.toml (the modules, in order), one folder per exercise, the files its exercises
share (forbidden.toml's groups, …) and the trusted code they name (references, lesson curves, panel data). The
bundled course is package data of mljudge (`bundled_root`); a teacher's own course is any other folder, usually a
repository of its own, that the commands are pointed at (`--exercises-dir`, JUDGE_EXERCISES_DIR).

A course draws on the bundled one without copying it: a shared file is read from the course first, then from the
bundled course (`shared_files`), and its course.toml may list bundled exercises by slug (judge.catalog). Its own
trusted code is named `course.<module>:<name>` (`import_module`): <module> is a Python module of the course's
folder (`course.reference.layer_norm` is reference/layer_norm.py), imported under a package name of that folder's
own, so that two courses, and mljudge.reference, never share a name in sys.modules. docs/authoring.md has it all.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.resources
import importlib.util
import os
import sys
import threading
from pathlib import Path
from types import ModuleType

from mljudge.judge.errors import JudgeError

COURSE_FILE = "course.toml"
EXERCISE_FILE = "exercise.toml"
# `course.<module>:<name>`: trusted code of the exercise's own course, never an installed package of that name.
CODE_PREFIX = "course."


class NoCourse(JudgeError):
    """A folder given as a course that holds none: one line, exit code 2."""


def bundled_root() -> Path:
    """The bundled course, wherever mljudge is installed (a checkout, site-packages, a system-wide install)."""
    # A folder on disk in every layout pip makes: files() gives a Path there, and the loader, the sandbox's
    # masks and `judge check` all need real paths.
    return Path(str(importlib.resources.files("mljudge") / "exercises"))


def default_root() -> Path:
    """The course the commands use when none is named: $JUDGE_EXERCISES_DIR, else the bundled one."""
    given = os.environ.get("JUDGE_EXERCISES_DIR")
    return Path(given) if given else bundled_root()


def is_bundled(root: Path) -> bool:
    return _same(root, bundled_root())


def has_course(root: Path) -> bool:
    """A course.toml, or at least one exercise folder (a course being started)."""
    return root.is_dir() and ((root / COURSE_FILE).is_file() or any(
        (p / EXERCISE_FILE).is_file() for p in root.iterdir() if p.is_dir()))


def require(root: Path) -> Path:
    """`root` if it holds a course; else NoCourse, saying what is missing (never an empty success)."""
    if not root.is_dir():
        raise NoCourse(f"no course at {root}: no such folder")
    if not has_course(root):
        raise NoCourse(f"no course at {root}: it has no {COURSE_FILE} and no exercise folder (<slug>/"
                       f"{EXERCISE_FILE}); `judge new SLUG --exercises-dir {root}` starts one (docs/authoring.md)")
    return root


def shared_files(root: Path, name: str) -> list[Path]:
    """The files named `name` that every exercise of the course at `root` may draw on, in the order to read them:
    the course's own, then the bundled course's (so a course uses the bundled groups by name without copying
    them). Only files that exist; the bundled one once when `root` is the bundled course."""
    found = [root / name]
    bundled = bundled_root() / name
    if not _same(root, bundled_root()):
        found.append(bundled)
    return [path for path in found if path.is_file()]


def installed_package() -> Path | None:
    """The installed mljudge package's folder, which no author's command may write to; None when mljudge runs
    from a source checkout (an editable install), whose bundled course its authors do edit."""
    package = bundled_root().parent.resolve()
    return None if (package.parent / "pyproject.toml").is_file() else package


def writes_into_package(path: Path) -> bool:
    """Whether writing at `path` would change the installed package (not a checkout)."""
    package = installed_package()
    return package is not None and _is_under(path.resolve(), package)


# --- the course's own trusted code ---------------------------------------------------------------------------

_packages_lock = threading.Lock()


def package_name(root: Path) -> str:
    """The name the course at `root` has in sys.modules: one per folder, so courses never collide."""
    digest = hashlib.sha256(os.fsencode(root.resolve())).hexdigest()[:16]
    return f"_mljudge_course_{digest}"


def import_module(root: Path, dotted: str) -> ModuleType:
    """The module `dotted` of the course at `root` (reference.layer_norm: reference/layer_norm.py), imported as a
    submodule of the course's own package: its siblings are reached by relative imports (`from .common import
    norm`), and it is imported once per process, like any trusted module. Raises what importing raises."""
    name = package_name(root)
    with _packages_lock:
        if name not in sys.modules:
            spec = importlib.machinery.ModuleSpec(name, None, is_package=True)
            spec.submodule_search_locations = [str(root.resolve())]
            package = importlib.util.module_from_spec(spec)
            sys.modules[name] = package
    return importlib.import_module(f"{name}.{dotted}")


def module_file(root: Path, dotted: str) -> Path | None:
    """Where `course.<dotted>` would be found, if it exists (for an error's advice)."""
    base = root.joinpath(*dotted.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _is_under(path: Path, parent: Path) -> bool:
    return path == parent or parent in path.parents


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
