"""One broken exercise never takes the others down: `judge check --all` reaches its summary, `judge list` leaves the
folder out with a warning, and `judge show/run` of that exercise is a one-line error (exit code 2) at file:line.
Whatever escapes the loader's checks is still an ExerciseError naming the file it was reading."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from mljudge import judge
from mljudge.judge.errors import ExerciseError
from mljudge.judge.loader import load_exercise
from tests.authoring.conftest import Run
from tests.authoring.helpers import edit, line_of

Judge = Callable[..., Run]


@pytest.fixture
def broken(exercises: Path) -> Path:
    """A second exercise beside the sound gelu, a copy of it with `order = "first"`: exercise.toml at the line."""
    shutil.copytree(exercises / "gelu", exercises / "broken")
    meta = exercises / "broken" / "exercise.toml"
    edit(meta, "order = 1", 'order = "first"')
    return meta


def error_at(meta: Path) -> str:
    return f"{meta.resolve()}:{line_of(meta, 'order =')}: order must be a whole number, not the string 'first'"


@pytest.mark.usefixtures("shared_pool")
def test_check_all_reaches_the_summary(judge: Judge, exercises: Path, broken: Path) -> None:
    run = judge("check", "--all", "--exercises-dir", exercises)
    assert run.code == 1, run.text
    assert f"error: {error_at(broken)}" in run.out
    rows = {line.split()[0]: line.split()[1] for line in run.out.splitlines() if len(line.split()) == 6}
    assert rows.get("broken") == "FAIL" and rows.get("gelu") == "ok", run.out
    assert "1 of 2 exercise(s) pass" in run.out


def test_list_leaves_the_broken_folder_out(judge: Judge, exercises: Path, broken: Path) -> None:
    run = judge("list", "--exercises-dir", exercises)
    assert run.code == 0, run.text
    assert "gelu" in run.out and "broken" not in run.out
    assert run.err == f"judge: warning: exercise 'broken' is left out: {broken}:{line_of(broken, 'order =')}: " \
                      "order must be a whole number, not the string 'first'\n"


@pytest.mark.parametrize("argv", [["show", "broken"], ["run", "broken", "solution.py"]])
def test_show_and_run_of_the_broken_exercise(judge: Judge, exercises: Path, broken: Path, tmp_path: Path,
                                             argv: list[str]) -> None:
    (tmp_path / "solution.py").write_text("def gelu(x):\n    return x\n", encoding="utf-8")
    run = judge(*[tmp_path / a if a.endswith(".py") else a for a in argv], "--exercises-dir", exercises)
    assert run.code == 2, run.text
    assert run.err.count("\n") == 1, run.err
    assert run.err.startswith("judge: error: exercise 'broken' cannot be loaded: ")
    assert f"{broken}:{line_of(broken, 'order =')}: order must be a whole number" in run.err
    assert "`judge check broken` lists every problem" in run.err


def test_show_of_another_exercise_still_works(judge: Judge, exercises: Path, broken: Path) -> None:
    run = judge("show", "gelu", "--exercises-dir", exercises)
    assert run.code == 0, run.text
    assert "gelu(x)" in run.out


def test_a_corrupted_expected_json_names_its_file(judge: Judge, exercises: Path) -> None:
    """A stored value that cannot be rebuilt (here NumPy's reshape fails) used to escape as a bare ValueError."""
    path = exercises / "gelu" / "expected.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["cases"]["example-1"]["value"]["shape"] = [5]
    path.write_text(json.dumps(doc), encoding="utf-8")
    run = judge("check", "gelu", "--exercises-dir", exercises)
    assert run.code == 1, run.text
    assert f"error: {path.resolve()}: cannot be loaded: ValueError: cannot reshape" in run.out
    listed = judge("list", "--exercises-dir", exercises)
    assert listed.code == 0 and "exercise 'gelu' is left out" in listed.err


def test_any_unexpected_exception_becomes_an_exercise_error(exercises: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net itself, whatever the bug: the error names the file being read when it happened."""
    def boom(*args: object) -> None:
        raise RuntimeError("a bug in the loader")

    monkeypatch.setattr(judge.loader, "_cases", boom)
    with pytest.raises(ExerciseError) as caught:
        load_exercise(exercises / "gelu")
    assert caught.value.path == exercises / "gelu" / "cases.toml"
    assert caught.value.message == "cannot be loaded: RuntimeError: a bug in the loader"


def test_a_checker_that_raises_on_import(judge: Judge, exercises: Path) -> None:
    """Exercise code runs at load time (checker.py, mistakes.py): whatever it raises is an error at its key."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "module = ", 'checker = "checker.py:check"\nmodule = ')
    (exercises / "gelu" / "checker.py").write_text("1 / 0\n", encoding="utf-8")
    run = judge("check", "gelu", "--exercises-dir", exercises)
    assert run.code == 1, run.text
    assert (f"error: {meta.resolve()}:{line_of(meta, 'checker =')}: cannot load 'checker.py:check': "
            "ZeroDivisionError: division by zero") in run.out


def test_a_checker_that_does_not_take_the_four_arguments(judge: Judge, exercises: Path) -> None:
    """A checker is called as check(case, expected, got, earlier): one written for three arguments is an error at its
    key when the exercise loads, not an internal_error for every learner who submits."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, "module = ", 'checker = "checker.py:check"\nmodule = ')
    (exercises / "gelu" / "checker.py").write_text("def check(case, expected, got):\n    return None\n",
                                                    encoding="utf-8")
    run = judge("check", "gelu", "--exercises-dir", exercises)
    assert run.code == 1, run.text
    assert (f"error: {meta.resolve()}:{line_of(meta, 'checker =')}: 'checker.py:check' must take 4 arguments, "
            "(case, expected, got, earlier)") in run.out


def test_a_predicate_that_does_not_take_the_three_arguments(judge: Judge, exercises: Path) -> None:
    mistakes = exercises / "gelu" / "mistakes.toml"
    edit(mistakes, 'predicate = "flattened"', 'predicate = "mistakes.py:two"')
    with (exercises / "gelu" / "mistakes.py").open("a", encoding="utf-8") as f:
        f.write("\n\ndef two(got, expected):\n    return False\n")
    run = judge("check", "gelu", "--exercises-dir", exercises)
    assert run.code == 1, run.text
    assert (f"error: {mistakes.resolve()}:{line_of(mistakes, 'mistakes.py:two')}: 'mistakes.py:two' must take 3 "
            "arguments, (got, expected, case)") in run.out


def test_a_broken_course_toml_is_an_error_at_its_line(judge: Judge, exercises: Path) -> None:
    course = exercises / "course.toml"
    edit(course, "number = 1", 'number = "one"')
    run = judge("list", "--exercises-dir", exercises)
    assert run.code == 2, run.text
    assert (f"judge: error: {course}:{line_of(course, 'number = ')}: module[0].number must be a whole number, not "
            "the string 'one'") in run.err


def test_a_reference_whose_value_cannot_be_stored(judge: Judge, exercises: Path) -> None:
    """`judge check --write` with a reference returning what expected.json cannot hold: one error, no traceback."""
    meta = exercises / "gelu" / "exercise.toml"
    edit(meta, 'function = "mljudge.reference.gelu:gelu_tanh"', 'function = "reference.py:gelu"')
    (exercises / "gelu" / "reference.py").write_text("def gelu(x):\n    return object()\n", encoding="utf-8")
    run = judge("check", "--write", "gelu", "--exercises-dir", exercises)
    assert run.code == 1, run.text
    assert (f"error: {meta.resolve()}: the check crashed while computing expected values: TypeError: cannot store "
            "a object") in run.out
    assert "1 exercise(s)" in run.out.splitlines()[-1]
