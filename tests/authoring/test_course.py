"""A course is a folder (judge.course, judge.catalog): the bundled one inside the package, a teacher's own beside
it, which draws on the bundled one without copying it (its shared files, its exercises by slug) and names its own
trusted code `course.<module>:<name>`, under a package name of its own."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from mljudge.judge import course
from mljudge.judge.catalog import Catalog
from mljudge.judge.errors import ExerciseError, every
from mljudge.judge.loader import Where, load_callable, load_exercise
from mljudge.web import config
from tests.authoring.conftest import Run

BUNDLED = course.bundled_root()
Judge = Callable[..., Run]

COURSE_TOML = """
[[module]]
id = "units"
number = 1
title.en = "Units"
title.ru = "Нейроны"
intro.en = "Intro."
intro.ru = "Введение."
bundled = ["relu", "sigmoid"]
"""


@pytest.fixture
def own(tmp_path: Path) -> Path:
    """A course of one's own: GELU copied into module "units", which also lists two bundled exercises."""
    root = tmp_path / "my-course"
    root.mkdir()
    (root / "course.toml").write_text(COURSE_TOML, encoding="utf-8")
    shutil.copytree(BUNDLED / "gelu", root / "gelu", ignore=shutil.ignore_patterns("__pycache__"))
    meta = root / "gelu" / "exercise.toml"
    meta.write_text(meta.read_text(encoding="utf-8").replace('module = "bends"', 'module = "units"'), encoding="utf-8")
    return root


def test_the_bundled_course_is_found_through_the_package() -> None:
    import mljudge

    assert Path(mljudge.__file__).parent / "exercises" == BUNDLED
    assert Catalog(BUNDLED).borrowed() == {} and course.shared_files(BUNDLED, "forbidden.toml") == [
        BUNDLED / "forbidden.toml"]


def test_a_course_lists_bundled_exercises_by_slug_without_copying_them(own: Path) -> None:
    catalog = Catalog(own)
    assert catalog.own_slugs() == ["gelu"] and catalog.slugs() == ["gelu", "relu", "sigmoid"]
    relu = catalog.get("relu")
    assert relu.path == BUNDLED / "relu" and (relu.module, relu.order) == ("units", 1)
    assert [e.slug for e in catalog.all()] == ["gelu", "relu", "sigmoid"]  # gelu's order 1, places 1 and 2
    assert catalog.course_errors() == []


def test_course_toml_errors_about_bundled_exercises(own: Path) -> None:
    toml = own / "course.toml"
    toml.write_text(COURSE_TOML.replace('["relu", "sigmoid"]', '["relu", "rleu", "relu", "gelu"]'), encoding="utf-8")
    messages = [e.message for e in Catalog(own).course_errors()]
    assert messages[0].startswith("there is no bundled exercise 'rleu'; did you mean 'relu'?")
    assert messages[1:] == ["bundled exercise 'relu' is listed twice", "bundled exercise 'gelu' is listed, but this "
                            "course has a folder gelu/ of its own: remove one of the two"]


def test_shared_files_are_the_courses_own_then_the_bundled_ones(own: Path) -> None:
    assert course.shared_files(own, "forbidden.toml") == [BUNDLED / "forbidden.toml"]
    meta = own / "gelu" / "exercise.toml"
    text = meta.read_text(encoding="utf-8")
    groups = '\n[[forbidden]]\ngroup = "{}"\nreason.en = "R."\nreason.ru = "Р."\n'
    meta.write_text(text + groups.format("torch-optim"), encoding="utf-8")  # a bundled group, by name
    assert "torch.optim.Adam" in load_exercise(own / "gelu").forbidden[-1].names
    (own / "forbidden.toml").write_text('[group.torch-optim]\nnames = ["torch.nn.functional.silu"]\n',
                                        encoding="utf-8")  # the course's own comes first
    assert course.shared_files(own, "forbidden.toml")[0] == own / "forbidden.toml"
    assert load_exercise(own / "gelu").forbidden[-1].names == ("torch.nn.functional.silu",)
    meta.write_text(text + groups.format("torch-optimm"), encoding="utf-8")
    with pytest.raises(ExerciseError, match="no forbidden group 'torch-optimm'; did you mean 'torch-optim'"):
        load_exercise(own / "gelu")


def test_a_courses_own_code_has_a_name_of_its_own(tmp_path: Path) -> None:
    """Two courses with a reference/scale.py each, and mljudge.reference: three different modules, each of the
    courses' importing a sibling relatively."""
    found = []
    for n in (2, 3):
        root = tmp_path / f"course-{n}"
        (root / "reference").mkdir(parents=True)
        (root / "reference" / "factors.py").write_text(f"FACTOR = {n}\n", encoding="utf-8")
        (root / "reference" / "scale.py").write_text("from .factors import FACTOR\n\n\ndef scale(x):\n"
                                                     "    return FACTOR * x\n", encoding="utf-8")
        (root / "ex").mkdir()
        found.append(load_callable(root / "ex", "course.reference.scale:scale", Where(root / "ex" / "x.toml")))
    assert [f(1) for f in found] == [2, 3]
    assert "reference" not in sys.modules and "reference.scale" not in sys.modules
    assert course.package_name(tmp_path / "course-2") != course.package_name(tmp_path / "course-3")


def test_a_courses_module_named_like_a_package_gets_advice(tmp_path: Path) -> None:
    (tmp_path / "reference").mkdir()
    (tmp_path / "reference" / "scale.py").write_text("def scale(x):\n    return x\n", encoding="utf-8")
    (tmp_path / "ex").mkdir()
    with pytest.raises(ExerciseError) as caught:
        load_callable(tmp_path / "ex", "reference.scale:scale", Where(tmp_path / "ex" / "exercise.toml"))
    assert "name it course.reference.scale:…" in caught.value.message


def test_every_wrong_case_at_once(own: Path) -> None:
    cases = own / "gelu" / "cases.toml"
    text = cases.read_text(encoding="utf-8")
    text = text.replace("args.x = [-3.0, 3.0]", "args.y = [-3.0, 3.0]", 1)
    text = text.replace('random = "normal"', 'random = "gaussian"', 1).replace("seed = 7", "sead = 7", 1)
    cases.write_text(text, encoding="utf-8")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(own / "gelu")
    messages = [e.message for e in every(caught.value)]
    assert any("unknown argument 'y'" in m for m in messages) and any("missing argument(s) x" in m for m in messages)
    assert any("unknown random = 'gaussian'" in m for m in messages), messages
    assert len(messages) >= 3 and len({e.line for e in every(caught.value)}) >= 2


def test_a_starter_that_does_not_compile_keeps_its_exercise_out(judge: Judge, own: Path) -> None:
    shutil.copytree(BUNDLED / "relu", own / "relu", ignore=shutil.ignore_patterns("__pycache__"))
    (own / "course.toml").write_text(COURSE_TOML.replace('["relu", "sigmoid"]', "[]"), encoding="utf-8")
    relu_meta = own / "relu" / "exercise.toml"
    relu_meta.write_text(relu_meta.read_text(encoding="utf-8").replace('module = "neuron"', 'module = "units"'))
    starter = own / "gelu" / "starters" / "torch.ru.py"
    starter.write_text(starter.read_text(encoding="utf-8") + "\ndef broken(:\n", encoding="utf-8")
    shown = judge("show", "gelu", "--exercises-dir", own)
    assert shown.code == 2 and f"{starter}:" in shown.err and "does not compile" in shown.err
    assert "`judge check gelu`" in shown.err
    listed = judge("list", "--exercises-dir", own)
    assert listed.code == 0 and "relu" in listed.out and "  gelu" not in listed.out
    assert "exercise 'gelu' is left out" in listed.err
    with pytest.raises(ExerciseError, match="does not compile"):
        Catalog(own).get("gelu")


def test_a_folder_without_a_course_is_a_usage_error(judge: Judge, tmp_path: Path) -> None:
    for argv in (["list"], ["show", "gelu"], ["check"], ["check", "--all"]):
        run = judge(*argv, "--exercises-dir", tmp_path)
        assert run.code == 2 and f"no course at {tmp_path}" in run.err, argv
    assert judge("list", "--exercises-dir", tmp_path / "missing").code == 2


@pytest.mark.usefixtures("shared_pool")
def test_without_course_toml_no_module_is_declared(judge: Judge, own: Path) -> None:
    (own / "course.toml").unlink()
    run = judge("check", "--quick", "gelu", "--exercises-dir", own)
    assert run.code == 1 and "module 'units' is not declared in course.toml" in run.out


def test_the_record_defaults_to_the_per_user_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert config.read({})["DATA_DIR"] == tmp_path / "data" / "mljudge"  # never the working directory
    assert config.read({"JUDGE_DATA_DIR": "var"})["DATA_DIR"] == Path("var")  # unless asked (make run)
