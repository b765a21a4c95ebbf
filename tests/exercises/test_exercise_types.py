"""Every exercise's own Python (checker.py, mistakes.py: trusted code the judge runs) passes mypy --strict with the
settings of pyproject.toml, against the author's API (mljudge.judge.api), like the rest of the package; and it
imports nothing else of the judge or the sandbox.

mypy cannot check these files where they are: it names a module after its folders, and a folder such as
gelu-backward is no package name, so every such folder's mistakes.py would be the one module "mistakes"
(python/mypy#14660). So each is checked as a copy named `exercise_code.<slug>.<file>`, all in one run, and every
error is reported at the real file. The copies keep one place (in mypy's cache folder, which git ignores): mypy
caches a module's errors with its path, so a copy somewhere new each run would be told the old path. The example
submissions, solutions and starters are learner code: not checked."""

from __future__ import annotations

import ast
import re
import shutil
import sys
from pathlib import Path

import pytest
from mypy import api

from mljudge.judge.course import bundled_root

REPO = Path(__file__).resolve().parents[2]
EXERCISES = bundled_root()
CODE_FILES = ("checker.py", "mistakes.py")  # the rest of an exercise's Python is the learner's


def exercise_code() -> list[Path]:
    return sorted(f for folder in EXERCISES.iterdir() if folder.is_dir()
                  for f in (folder / name for name in CODE_FILES) if f.is_file())


def module_name(file: Path) -> str:
    return f"exercise_code.{file.parent.name.replace('-', '_')}.{file.stem}"


def test_every_exercise_file_of_trusted_code_is_found() -> None:
    """The check covers what the judge loads: every checker and every mistakes.py of the bundled course."""
    files = exercise_code()
    assert {f.parent.name for f in files if f.name == "checker.py"} == {"dropout", "xor"}
    assert len([f for f in files if f.name == "mistakes.py"]) >= 26
    assert len({module_name(f) for f in files}) == len(files)


CACHE = REPO / ".mypy_cache"
COPIES = CACHE / "exercise_code"


def test_exercise_code_passes_mypy_strict() -> None:
    shutil.rmtree(COPIES, ignore_errors=True)  # an exercise removed leaves no copy behind
    real: dict[str, Path] = {}  # the copy's path below CACHE -> the real file, relative to the checkout
    for file in exercise_code():
        copy = CACHE.joinpath(*module_name(file).split(".")).with_suffix(".py")
        copy.parent.mkdir(parents=True, exist_ok=True)
        for package in (copy.parent, COPIES):
            (package / "__init__.py").touch()
        shutil.copyfile(file, copy)
        real[copy.relative_to(CACHE).as_posix()] = file.relative_to(REPO)
    limit = sys.getrecursionlimit()  # mypy raises it for itself, and leaves it so: the policy's tests need it back
    try:
        out, err, status = api.run(["--config-file", str(REPO / "pyproject.toml"), "--cache-dir", str(CACHE),
                                    *(str(CACHE / name) for name in real)])
    finally:
        sys.setrecursionlimit(limit)
    # Each error at its real file, however mypy wrote the copy's path (as given, or as it cached it).
    report = re.sub(r"\S*(exercise_code/\w+/\w+\.py)", lambda m: str(real.get(m.group(1), m.group(0))), out)
    if status != 0:
        pytest.fail(f"mypy --strict over the exercises' trusted code:\n{report}{err}", pytrace=False)


def test_exercise_code_imports_only_the_authors_api() -> None:
    """Of mljudge, an exercise's code imports the author's API and the course's trusted maths, nothing else: the
    judge's internals and the sandbox stay free to change."""
    allowed = ("mljudge.judge.api", "mljudge.reference")
    found = []
    for file in exercise_code():
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{file.relative_to(REPO)}:{node.lineno}: {name}" for name in names
                      if name.split(".")[0] == "mljudge" and not name.startswith(allowed)]
    assert not found, "\n".join(found)
