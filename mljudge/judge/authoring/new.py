"""`judge new SLUG`: scaffold a complete exercise folder from `templates/exercise/`, and its trusted reference in
the `reference` package from `templates/reference/`: reference/<name>.py with the stub that exercise.toml's
`[reference] function` names, and tests/reference/test_<name>.py to pin it (<name> is the learner's function's
name). An exercise's reference code has one home, the package, where tests pin it and lessons take their curves
and panels from; a module that already exists is left as it is (the new exercise's function goes into it).

Every placeholder carries `MARKER`, and `judge check` reports each one left in the exercise folder as an error
(file:line), so a scaffold cannot go live half-written. The model solutions, the reference and the example
submissions raise NotImplementedError on top of that (the reference's test too): each step of the check, and the
reference's tests, keep failing until their own file is written.
"""

from __future__ import annotations

import keyword
import os
import shutil
import tempfile
import tomllib
from pathlib import Path
from string import Template

from mljudge import reference
from mljudge.judge.catalog import SLUG, Catalog
from mljudge.judge.errors import JudgeError
from mljudge.sandbox import Limits

# Distinctive on purpose: a plain "TODO" is fair game in a learner's starter ("# TODO: your code").
MARKER = "TODO(author)"
TEMPLATES = Path(__file__).with_name("templates") / "exercise"
REFERENCE_TEMPLATES = Path(__file__).with_name("templates") / "reference"
SUFFIX = ".tmpl"
# Where the trusted reference and its tests live: the `reference` package the judge imports, and tests/reference
# beside it in the repository.
REFERENCE = Path(reference.__file__).parent
REFERENCE_TESTS = REFERENCE.parents[1] / "tests" / "reference"


class ScaffoldError(JudgeError):
    """A slug, folder or module that `judge new` refuses (the CLI prints it on one line, exit code 2)."""


def scaffold(root: Path, slug: str, *, module: str | None = None) -> Path:
    """Create `root/slug` from the templates and return its path. Nothing is left behind on failure: the
    folder is built under a hidden name and renamed into place at the end."""
    if not SLUG.fullmatch(slug):
        raise ScaffoldError(f"bad slug {slug!r}: use lowercase letters, digits and dashes, starting with a "
                            "letter or digit (e.g. softmax, gelu-backward)")
    if not root.is_dir():
        raise ScaffoldError(f"no exercises folder at {root}")
    target = root / slug
    if target.exists():
        raise ScaffoldError(f"{target} already exists; pick another slug or remove it first")
    modules = [m.id for m in Catalog(root).modules()]
    if module is not None and modules and module not in modules:
        raise ScaffoldError(f"unknown module {module!r}; course.toml declares: {', '.join(modules)}")
    chosen, comment = _module(module, modules)
    values = {
        "slug": slug,
        "function": function_name(slug),
        "module": function_name(slug),  # the reference module: reference/<module>.py
        "course_module": chosen,
        "module_comment": comment,
        "order": str(_next_order(root, chosen)),
        **{name: f"{value:g}" for name, value in _limits().items()},
    }
    staging = Path(tempfile.mkdtemp(prefix=f".{slug}-", dir=root))
    created: list[Path] = []
    try:
        for template in sorted(TEMPLATES.rglob(f"*{SUFFIX}")):
            out = staging / str(template.relative_to(TEMPLATES)).removesuffix(SUFFIX)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(_fill(template, values), encoding="utf-8")
        staging.chmod(0o755)  # mkdtemp makes it private; an exercise folder is ordinary project content
        module = values["module"]
        for template, out in ((REFERENCE_TEMPLATES / f"module.py{SUFFIX}", REFERENCE / f"{module}.py"),
                              (REFERENCE_TEMPLATES / f"test.py{SUFFIX}", REFERENCE_TESTS / f"test_{module}.py")):
            if out.parent.is_dir() and _create(out, _fill(template, values)):
                created.append(out)
        os.rename(staging, target)  # fails rather than merging if someone created the folder meanwhile
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        for out in created:
            out.unlink(missing_ok=True)
        raise
    return target


def reference_files(slug: str) -> list[Path]:
    """Where `scaffold` puts the exercise's reference and its tests (they may have existed already)."""
    module = function_name(slug)
    return [REFERENCE / f"{module}.py", REFERENCE_TESTS / f"test_{module}.py"]


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
