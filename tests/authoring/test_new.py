"""`judge new`: a complete scaffold that fails `judge check` until filled in, and passes once it is. The exercise's
reference goes to the `reference` package (here a temporary one: see `reference_home`), where tests pin it."""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from mljudge import reference
from mljudge.judge.authoring import new
from mljudge.judge.authoring.new import MARKER, function_name
from tests.authoring.conftest import Run

Judge = Callable[..., Run]

FILES = [
    "cases.toml", "exercise.toml", "hints.toml", "mistakes.py", "mistakes.toml", "prompt.en.md", "prompt.ru.md",
    "solutions/numpy.py", "solutions/torch.py", "starters/numpy.py", "starters/numpy.ru.py", "starters/torch.py",
    "starters/torch.ru.py",
    "submissions/accepted/example_numpy.py", "submissions/accepted/example_torch.py",
    "submissions/wrong_answer/example_mistake.py",
]

# A tiny real exercise, double(x) = 2·x: the code an author would write in place of each stub.
CODE = {
    "reference.py": "import numpy as np\n\n\ndef double(x: np.ndarray) -> np.ndarray:\n    return 2.0 * x\n",
    "solutions/numpy.py": "import numpy as np\n\n\ndef double(x: np.ndarray) -> np.ndarray:\n    return 2 * x\n",
    "solutions/torch.py": "import torch\n\n\ndef double(x: torch.Tensor) -> torch.Tensor:\n    return 2 * x\n",
    "mistakes.py": "import numpy as np\n\n\ndef example_mistake(x: np.ndarray) -> np.ndarray:\n    return x + 2.0\n",
    "submissions/accepted/example_numpy.py": "import numpy as np\n\n\ndef double(x):\n    return x + x\n",
    "submissions/accepted/example_torch.py": "import torch\n\n\ndef double(x):\n    return torch.add(x, x)\n",
    "submissions/wrong_answer/example_mistake.py": "# mistake: example-mistake\nimport numpy as np\n\n\n"
                                                   "def double(x):\n    return x + 2\n",
}


@pytest.fixture(autouse=True)
def reference_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The `reference` package and tests/reference that `judge new` writes into, as a temporary copy of the layout
    (the repository's own stay untouched); `reference.<name>` imports from there, as the judge imports it."""
    home = tmp_path / "repo"
    (home / "reference").mkdir(parents=True)
    (home / "tests" / "reference").mkdir(parents=True)
    monkeypatch.setattr(new, "REFERENCE", home / "reference")
    monkeypatch.setattr(new, "REFERENCE_TESTS", home / "tests" / "reference")
    monkeypatch.setattr(reference, "__path__", [*reference.__path__, str(home / "reference")])
    monkeypatch.delitem(sys.modules, "mljudge.reference.double", raising=False)
    yield home / "reference"
    sys.modules.pop("mljudge.reference.double", None)


def fill_in(folder: Path) -> None:
    """Replace every placeholder: the code stubs by real code, the marked texts by the text they suggest."""
    for name, code in CODE.items():
        target = new.REFERENCE / "double.py" if name == "reference.py" else folder / name
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
    assert set(meta["tracks"]) == {"numpy", "torch"}
    cases = tomllib.loads((folder / "cases.toml").read_text(encoding="utf-8"))["case"]
    assert len(cases) == 6 and sum(c.get("visible", False) for c in cases) == 2
    hints = tomllib.loads((folder / "hints.toml").read_text(encoding="utf-8"))["hint"]
    assert len(hints) == 3 and all(set(h) == {"en", "ru"} for h in hints)
    for lang, heading in (("en", "## Examples"), ("ru", "## Примеры")):
        assert heading in (folder / f"prompt.{lang}.md").read_text(encoding="utf-8")
    assert "created" in run.out and "judge check --write double" in run.out
    assert "starters/<track>.ru.py in Russian: the same code" in run.out
    for track in ("numpy", "torch"):  # the Russian starter is the English one's code in other words
        english, russian = ((folder / "starters" / name).read_text(encoding="utf-8")
                            for name in (f"{track}.py", f"{track}.ru.py"))
        assert "def double(x:" in russian and "Верните новый" in russian and "Return a new" not in russian
        assert english.split('"""')[0] in russian  # the imports and the signature, as they are
    # the reference has one home: the `reference` package, with a test to pin it
    assert meta["reference"]["function"] == "mljudge.reference.double:double"
    module, test = new.reference_files("double")
    assert module == new.REFERENCE / "double.py" and "def double(x: ArrayLike)" in module.read_text(encoding="utf-8")
    assert "from mljudge.reference.double import double" in test.read_text(encoding="utf-8")
    assert "tests/reference/test_double.py" in (folder / "exercise.toml").read_text(encoding="utf-8")


def test_an_existing_reference_module_is_left_alone(judge: Judge, exercises: Path, reference_home: Path) -> None:
    """Several exercises may share a module (gelu and gelu-backward share reference/gelu.py): judge new points the
    new one into it and writes nothing there; a refused scaffold writes nothing anywhere."""
    shared = reference_home / "double.py"
    shared.write_text("def triple(x):\n    return 3 * x\n", encoding="utf-8")
    assert judge("new", "double", "--exercises-dir", exercises).code == 0
    assert shared.read_text(encoding="utf-8") == "def triple(x):\n    return 3 * x\n"
    assert (new.REFERENCE_TESTS / "test_double.py").is_file()
    before = sorted(reference_home.parent.rglob("*"))
    assert judge("new", "double", "--exercises-dir", exercises).code == 2  # the folder exists now
    assert judge("new", "twice", "--exercises-dir", exercises, "--module", "nowhere").code == 2
    assert sorted(reference_home.parent.rglob("*")) == before


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
