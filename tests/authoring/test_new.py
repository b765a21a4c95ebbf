"""`judge new`: a complete scaffold that fails `judge check` until filled in, and passes once it is. Everything goes
into the course it is given (here a copy of GELU's course in a temporary folder: a course of one's own): the
exercise, its reference (reference/<name>.py, named course.reference.<name>) and the test that pins it
(tests/test_<name>.py); nothing outside it, and never the installed package."""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from mljudge.judge import course
from mljudge.judge.authoring import new
from mljudge.judge.authoring.new import MARKER, function_name
from mljudge.sandbox import NAMES as TRACK_NAMES
from tests.authoring.conftest import Run

Judge = Callable[..., Run]

FILES = [
    "cases.toml", "exercise.toml", "hints.toml", "mistakes.py", "mistakes.toml", "prompt.en.md", "prompt.ru.md",
    "solutions/numpy.py", "solutions/torch.py", "starters/numpy.py", "starters/numpy.ru.py", "starters/torch.py",
    "starters/torch.ru.py",
    "submissions/accepted/example_numpy.py", "submissions/accepted/example_torch.py",
    "submissions/wrong_answer/example_mistake.py",
]

# A tiny real exercise, double(x) = 2·x: the code an author would write in place of each stub. The reference takes
# its factor from a sibling module of the course's own code, by a relative import.
CODE = {
    "reference.py": "import numpy as np\n\nfrom .factors import TWO\n\n\ndef double(x: np.ndarray) -> np.ndarray:\n"
                    "    return TWO * x\n",
    "solutions/numpy.py": "import numpy as np\n\n\ndef double(x: np.ndarray) -> np.ndarray:\n    return 2 * x\n",
    "solutions/torch.py": "import torch\n\n\ndef double(x: torch.Tensor) -> torch.Tensor:\n    return 2 * x\n",
    "mistakes.py": "import numpy as np\n\n\ndef example_mistake(x: np.ndarray) -> np.ndarray:\n    return x + 2.0\n",
    "submissions/accepted/example_numpy.py": "import numpy as np\n\n\ndef double(x):\n    return x + x\n",
    "submissions/accepted/example_torch.py": "import torch\n\n\ndef double(x):\n    return torch.add(x, x)\n",
    "submissions/wrong_answer/example_mistake.py": "# mistake: example-mistake\nimport numpy as np\n\n\n"
                                                   "def double(x):\n    return x + 2\n",
}


def fill_in(folder: Path) -> None:
    """Replace every placeholder: the code stubs by real code, the marked texts by the text they suggest."""
    (folder.parent / "reference" / "factors.py").write_text("TWO = 2.0\n", encoding="utf-8")
    for name, code in CODE.items():
        target = folder.parent / "reference" / "double.py" if name == "reference.py" else folder / name
        target.write_text(code, encoding="utf-8")
    for file in folder.rglob("*"):
        if file.is_file():
            text = file.read_text(encoding="utf-8")
            text = text.replace(f"output:  {MARKER}", "output:  [-2.0, 0.0, 2.0]")
            text = text.replace(f"выход:   {MARKER}", "выход:   [-2.0, 0.0, 2.0]")
            file.write_text(re.sub(rf"{re.escape(MARKER)}:?\s*", "", text), encoding="utf-8")
    assert not any(MARKER in f.read_text(encoding="utf-8") for f in folder.rglob("*") if f.is_file())


def test_scaffold_is_complete(judge: Judge, exercises: Path) -> None:
    run = judge("new", "double", "--exercises-dir", exercises)
    assert run.code == 0, run.text
    folder = exercises / "double"
    assert sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) == sorted(FILES)
    meta = tomllib.loads((folder / "exercise.toml").read_text(encoding="utf-8"))
    assert meta["module"] == "neuron"  # the first module of course.toml, and the file says so
    assert "the first module of course.toml" in (folder / "exercise.toml").read_text(encoding="utf-8")
    assert meta["function"]["name"] == "double"
    assert set(meta["tracks"]) == set(TRACK_NAMES)
    cases = tomllib.loads((folder / "cases.toml").read_text(encoding="utf-8"))["case"]
    assert len(cases) == 6 and sum(c.get("visible", False) for c in cases) == 2
    hints = tomllib.loads((folder / "hints.toml").read_text(encoding="utf-8"))["hint"]
    assert len(hints) == 3 and all(set(h) == {"en", "ru"} for h in hints)
    for lang, heading in (("en", "## Examples"), ("ru", "## Примеры")):
        assert heading in (folder / f"prompt.{lang}.md").read_text(encoding="utf-8")
    assert "created" in run.out and "judge check --write double" in run.out
    assert "starters/<track>.ru.py in Russian: the same code" in run.out
    for track in TRACK_NAMES:  # the Russian starter is the English one's code in other words
        english, russian = ((folder / "starters" / name).read_text(encoding="utf-8")
                            for name in (f"{track}.py", f"{track}.ru.py"))
        assert "def double(x:" in russian and "Верните новый" in russian and "Return a new" not in russian
        assert english.split('"""')[0] in russian  # the imports and the signature, as they are
    # the reference lives in the course, with a test to pin it, named as the course's own code
    assert meta["reference"]["function"] == "course.reference.double:double"
    module, test = new.reference_files(exercises, "double")
    assert module == exercises / "reference" / "double.py"
    assert "def double(x: ArrayLike)" in module.read_text(encoding="utf-8")
    assert test == exercises / "tests" / "test_double.py"
    assert "from reference.double import double" in test.read_text(encoding="utf-8")
    assert "tests/test_double.py" in (folder / "exercise.toml").read_text(encoding="utf-8")
    assert (exercises / "conftest.py").is_file()  # so that the course's tests import `reference.double`
    # every file written is printed, and the next steps name the course
    written = [Path(line.split("wrote ", 1)[1]) for line in run.out.splitlines() if line.strip().startswith("wrote ")]
    assert sorted(written) == sorted([*(folder / name for name in FILES), module, test, exercises / "conftest.py"])
    assert f"judge check double --exercises-dir {exercises}" in run.out
    assert f"judge check --write double --exercises-dir {exercises}" in run.out


def test_nothing_is_written_outside_the_course(judge: Judge, exercises: Path) -> None:
    """Not into the package (its bundled course, mljudge.reference) nor the checkout's tests: only the course."""
    package = course.bundled_root().parent
    watched = [package, package.parent / "tests", exercises.parent]

    def snapshot() -> dict[Path, float]:
        return {p: p.stat().st_mtime for root in watched for p in root.rglob("*")
                if "__pycache__" not in p.parts and ".pytest_cache" not in p.parts}

    before = snapshot()
    assert judge("new", "double", "--exercises-dir", exercises).code == 0
    changed = {p for p, t in snapshot().items() if before.get(p) != t}
    assert changed and all(p == exercises or exercises in p.parents for p in changed), sorted(changed)


def test_the_installed_package_is_never_written_to(judge: Judge, monkeypatch: pytest.MonkeyPatch) -> None:
    """Installed (not editable), the bundled course is part of the package: `judge new` and `judge check --write`
    refuse it, in one line that says how to start a course of one's own."""
    monkeypatch.setattr(course, "installed_package", lambda: course.bundled_root().parent.resolve())
    monkeypatch.delenv("JUDGE_EXERCISES_DIR", raising=False)
    run = judge("new", "double")
    assert run.code == 2 and "installed mljudge package" in run.err and "--exercises-dir DIR" in run.err
    assert not (course.bundled_root() / "double").exists()
    run = judge("check", "--write", "gelu")
    assert run.code == 2 and "installed package" in run.err


def test_an_existing_reference_module_is_left_alone(judge: Judge, exercises: Path) -> None:
    """Several exercises may share a module (gelu and gelu-backward share reference/gelu.py): judge new points the
    new one into it and writes nothing there; a refused scaffold writes nothing anywhere."""
    shared = exercises / "reference" / "double.py"
    shared.parent.mkdir()
    shared.write_text("def triple(x):\n    return 3 * x\n", encoding="utf-8")
    run = judge("new", "double", "--exercises-dir", exercises)
    assert run.code == 0
    assert shared.read_text(encoding="utf-8") == "def triple(x):\n    return 3 * x\n"
    assert f"kept  {shared}" in run.out
    assert (exercises / "tests" / "test_double.py").is_file()
    before = sorted(exercises.rglob("*"))
    assert judge("new", "double", "--exercises-dir", exercises).code == 2  # the folder exists now
    assert judge("new", "twice", "--exercises-dir", exercises, "--module", "nowhere").code == 2
    assert sorted(exercises.rglob("*")) == before


def test_scaffold_fails_the_check_at_every_placeholder(judge: Judge, exercises: Path) -> None:
    assert judge("new", "double", "--exercises-dir", exercises).code == 0
    run = judge("check", "double", "--exercises-dir", exercises)
    assert run.code == 1
    folder = (exercises / "double").resolve()
    for name in FILES:
        assert f"error: {folder / name}:" in run.out, name  # every file has a placeholder, named at file:line
    assert "placeholder left by `judge new`" in run.out
    assert "the reference fails on case 'example-1': NotImplementedError" in run.out


@pytest.mark.usefixtures("shared_pool")
def test_filled_in_scaffold_passes(judge: Judge, exercises: Path) -> None:
    assert judge("new", "double", "--exercises-dir", exercises, "--module", "bends").code == 0
    folder = exercises / "double"
    fill_in(folder)
    run = judge("check", "--write", "double", "--exercises-dir", exercises)
    assert run.code == 0, run.text
    assert "error:" not in run.out and "warning:" not in run.out, run.out
    meta = tomllib.loads((folder / "exercise.toml").read_text(encoding="utf-8"))
    assert (meta["module"], meta["order"]) == ("bends", 2)  # after gelu, the module's first exercise
    assert (folder / "expected.json").is_file()
    # the course's own code has a name of the course's own: no bare `reference`, nothing in mljudge.reference
    assert f"{course.package_name(exercises)}.reference.double" in sys.modules
    assert "reference.double" not in sys.modules and "mljudge.reference.double" not in sys.modules


def test_model_solution_stub_is_not_accepted(judge: Judge, exercises: Path, shared_pool: object) -> None:
    """With everything else written, the untouched solution stub still fails the check on its own."""
    assert judge("new", "double", "--exercises-dir", exercises).code == 0
    folder = exercises / "double"
    stub = (folder / "solutions" / "torch.py").read_text(encoding="utf-8")
    fill_in(folder)
    (folder / "solutions" / "torch.py").write_text(stub.replace(f"# {MARKER}: ", "# "), encoding="utf-8")
    run = judge("check", "--write", "double", "--exercises-dir", exercises)
    assert run.code == 1
    assert f"{(folder / 'solutions' / 'torch.py').resolve()}: the model solution gets runtime_error" in run.out


@pytest.mark.parametrize(("argv", "message"), [
    (["new", "gelu"], "already exists"),
    (["new", "Bad_Slug"], "bad slug 'Bad_Slug'"),
    (["new", "-x"], None),  # argparse: not a slug but an option; still exit 2
    (["new", "double", "--module", "nowhere"], "unknown module 'nowhere'; course.toml declares: neuron, bends, layer"),
])
def test_refusals_are_one_line_usage_errors(judge: Judge, exercises: Path, argv: list[str],
                                            message: str | None) -> None:
    try:
        run = judge(*argv, "--exercises-dir", exercises)
    except SystemExit as exc:
        assert exc.code == 2 and message is None
        return
    assert run.code == 2
    assert run.err.count("\n") == 1 and run.err.startswith("judge: error: ") and message in run.err
    assert not (exercises / "double").exists()
    assert not [p for p in exercises.iterdir() if p.name.startswith(".")]  # no staging folder left behind


def test_function_name_from_slug() -> None:
    assert function_name("gelu-backward") == "gelu_backward"
    assert function_name("2d-conv") == "f_2d_conv"
    assert function_name("lambda") == "f_lambda"
