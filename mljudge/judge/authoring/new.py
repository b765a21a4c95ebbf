"""`judge new SLUG`: scaffold a complete exercise folder from `templates/exercise/`, and its trusted reference from
`templates/reference/`: the module that exercise.toml's `[reference] function` names, with a stub, and a test to
pin it (<name> is the learner's function's name). Everything goes into the course's own folder (`code_home`): in
a course of one's own, reference/<name>.py (named `course.reference.<name>`) and tests/test_<name>.py; in the
bundled course of a checkout, the mljudge.reference package and tests/reference/. The installed package is never
written to. A module that already exists is left as it is (the new exercise's function goes into it).

Every placeholder carries `MARKER`, and `judge check` reports each one left in the exercise folder as an error
(file:line), so a scaffold cannot go live half-written. The model solutions, the reference and the example
submissions raise NotImplementedError on top of that (the reference's test too): each step of the check, and the
reference's tests, keep failing until their own file is written.
"""

from __future__ import annotations

import contextlib
import keyword
import os
import shutil
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path
from string import Template

from mljudge import reference
from mljudge.judge import course
from mljudge.judge.catalog import SLUG, Catalog
from mljudge.judge.errors import JudgeError
from mljudge.sandbox import Limits

# Distinctive on purpose: a plain "TODO" is fair game in a learner's starter ("# TODO: your code").
MARKER = "TODO(author)"
TEMPLATES = Path(__file__).with_name("templates") / "exercise"
REFERENCE_TEMPLATES = Path(__file__).with_name("templates") / "reference"
SUFFIX = ".tmpl"
# Makes a course's own modules importable in its tests as `reference.…`: pytest puts the folder of a conftest.py
# that is in no package on sys.path.
CONFTEST = ('"""This course\'s tests import its trusted code as `reference.<module>`: pytest puts the folder of '
            'this file\non sys.path. The judge itself names the same modules `course.reference.<module>` '
            '(docs/authoring.md)."""\n')


@dataclass(frozen=True)
class CodeHome:
    """Where a course keeps its exercises' trusted references, and the tests that pin them."""

    folder: Path  # the reference modules
    tests: Path
    module: str  # the package as exercise.toml names it (`[reference] function = "<module>.<name>:<function>"`)
    imported: str  # the package as the tests import it
    conftest: Path | None = None  # written when missing, so that the tests can import `imported`


def code_home(root: Path) -> CodeHome:
    """The bundled course keeps its references in mljudge.reference (pinned by the checkout's tests/reference);
    any other course in its own reference/ folder (pinned by its tests/)."""
    if course.is_bundled(root):
        package = Path(reference.__file__).parent
        return CodeHome(package, package.parents[1] / "tests" / "reference", "mljudge.reference", "mljudge.reference")
    return CodeHome(root / "reference", root / "tests", f"{course.CODE_PREFIX}reference", "reference",
                    root / "conftest.py")


@dataclass(frozen=True)
class Scaffolded:
    folder: Path  # the exercise folder
    written: tuple[Path, ...]  # every file written, the exercise's and its reference's
    kept: tuple[Path, ...]  # reference files that existed already, left as they were


class ScaffoldError(JudgeError):
    """A slug, folder or module that `judge new` refuses (the CLI prints it on one line, exit code 2)."""


def scaffold(root: Path, slug: str, *, module: str | None = None) -> Scaffolded:
    """Create `root/slug` from the templates, and its reference with the test that pins it, all inside `root`.
    Nothing is left behind on failure: the folder is built under a hidden name and renamed into place at the end,
    and the reference files written are removed."""
    if not SLUG.fullmatch(slug):
        raise ScaffoldError(f"bad slug {slug!r}: use lowercase letters, digits and dashes, starting with a "
                            "letter or digit (e.g. softmax, gelu-backward)")
    if not root.is_dir():
        raise ScaffoldError(f"no course folder at {root} (make the folder first: a course is a folder of your "
                            "own, with its course.toml; docs/authoring.md)")
    if course.writes_into_package(root):
        raise ScaffoldError(f"{root} is the bundled course inside the installed mljudge package, which `judge new` "
                            "never changes: start a course of your own with `judge new SLUG --exercises-dir DIR` "
                            "(docs/authoring.md, \"A course of your own\")")
    home = code_home(root)
    target = root / slug
    if target.exists():
        raise ScaffoldError(f"{target} already exists; pick another slug or remove it first")
    modules = [m.id for m in Catalog(root).modules()]
    if module is not None and modules and module not in modules:
        raise ScaffoldError(f"unknown module {module!r}; course.toml declares: {', '.join(modules)}")
    chosen, comment = _module(module, modules)
    name = function_name(slug)  # the reference module: reference/<name>.py
    reference_file, test_file = home.folder / f"{name}.py", home.tests / f"test_{name}.py"
    values = {
        "slug": slug,
        "function": name,
        "module": name,
        "reference_module": f"{home.module}.{name}",
        "reference_import": f"{home.imported}.{name}",
        "reference_file": _shown(reference_file, root),
        "reference_test": _shown(test_file, root),
        "course_module": chosen,
        "module_comment": comment,
        "order": str(_next_order(root, chosen)),
        **{name: f"{value:g}" for name, value in _limits().items()},
    }
    staging = Path(tempfile.mkdtemp(prefix=f".{slug}-", dir=root))
    created: list[Path] = []  # outside the exercise folder: removed again on failure
    made: list[Path] = []  # folders made for them
    kept: list[Path] = []
    exercise_files: list[Path] = []
    try:
        for template in sorted(TEMPLATES.rglob(f"*{SUFFIX}")):
            relative = str(template.relative_to(TEMPLATES)).removesuffix(SUFFIX)
            out = staging / relative
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(_fill(template, values), encoding="utf-8")
            exercise_files.append(target / relative)
        staging.chmod(0o755)  # mkdtemp makes it private; an exercise folder is ordinary project content
        files = [(REFERENCE_TEMPLATES / f"module.py{SUFFIX}", reference_file),
                 (REFERENCE_TEMPLATES / f"test.py{SUFFIX}", test_file)]
        for template, out in files:
            for folder in (out.parent, *out.parent.parents):
                if folder == root or folder.exists():
                    break
                made.append(folder)
            out.parent.mkdir(parents=True, exist_ok=True)
            (created if _create(out, _fill(template, values)) else kept).append(out)
        if home.conftest is not None and _create(home.conftest, CONFTEST):
            created.append(home.conftest)
        os.rename(staging, target)  # fails rather than merging if someone created the folder meanwhile
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        for out in created:
            out.unlink(missing_ok=True)
        for folder in made:  # deepest first
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    return Scaffolded(target, (*exercise_files, *created), tuple(kept))


def reference_files(root: Path, slug: str) -> list[Path]:
    """Where `scaffold` puts the exercise's reference and its tests (they may have existed already)."""
    home, module = code_home(root), function_name(slug)
    return [home.folder / f"{module}.py", home.tests / f"test_{module}.py"]


def _shown(path: Path, root: Path) -> str:
    """A path as the exercise's comments show it: relative to the course, or to the checkout."""
    for base in (root, root.parent.parent):
        try:
            return str(path.relative_to(base))
        except ValueError:
            continue
    return str(path)


def _fill(template: Path, values: dict[str, str]) -> str:
    return Template(template.read_text(encoding="utf-8")).substitute(values)


def _create(path: Path, text: str) -> bool:
    """Write a new file; an existing one (a shared reference module, its tests) is left alone: False."""
    try:
        with path.open("x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        return False
    return True


def function_name(slug: str) -> str:
    """The learner's function, named after the slug: gelu-backward → gelu_backward (2d-conv → f_2d_conv)."""
    name = slug.replace("-", "_")
    return name if name.isidentifier() and not keyword.iskeyword(name) else f"f_{name}"


def _module(given: str | None, modules: list[str]) -> tuple[str, str]:
    """The module id to write and the comment beside it."""
    if given is not None:
        return given, ""
    if not modules:
        return MARKER, "  # course.toml declares no modules: add one there and name its id here"
    return modules[0], f"  # the first module of course.toml; its modules are: {', '.join(modules)}"


def _next_order(root: Path, module: str) -> int:
    """One past the highest `order` in the module, read leniently: a sibling exercise may be half-written."""
    orders = [0]
    for meta in root.glob("*/exercise.toml"):
        try:
            data = tomllib.loads(meta.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            continue
        if data.get("module") == module and isinstance(data.get("order"), int):
            orders.append(data["order"])
    return max(orders) + 1


def _limits() -> dict[str, float]:
    """The default limits an author is most likely to tune, so the scaffold shows the real numbers."""
    base = Limits()
    return {"wall_seconds": base.wall_seconds, "cpu_seconds": base.cpu_seconds,
            "memory_mb": base.memory_mb, "output_kb": base.output_kb}
