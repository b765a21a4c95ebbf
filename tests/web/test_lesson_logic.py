"""judge/lesson.py: reading lesson.toml, sampling curves from trusted code, checking answers, and telling authors
precisely what is wrong with a lesson."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from judge.catalog import Catalog
from judge.errors import ExerciseError
from judge.exercise import Exercise
from judge.lesson import (
    Problem,
    UnknownAnswer,
    check_task,
    lesson_problems,
    load_lesson,
    parse_number,
    public_task,
    reference_curve,
    sample,
    validate_lesson,
)
from judge.loader import load_exercise
from reference.gelu import gelu_exact, gelu_tanh
from tests.web.conftest import GELU


@pytest.fixture(scope="module")
def gelu() -> Exercise:
    return Catalog(GELU.parent).get("gelu")


def test_gelu_lesson_reads_and_validates(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    assert lesson.title["en"] == "GELU: a dip below zero" and lesson.title["ru"] == "GELU: провал ниже нуля"
    assert lesson.grid == (-4.0, 3.0, 701)
    assert [(c.id, c.role) for c in lesson.curves] == [("exact", "value"), ("tanh", "value"),
                                                         ("exact-slope", "slope"), ("tanh-slope", "slope")]
    assert [t.id for t in lesson.tasks] == ["lowest-point", "exact-vs-tanh"]
    assert "## Why it dips below zero" in lesson.body["en"]
    assert validate_lesson(gelu) == []


def test_every_lesson_in_the_checkout_validates() -> None:
    catalog = Catalog(GELU.parent)
    for slug in catalog.slugs():
        try:
            exercise = catalog.get(slug)
        except ExerciseError:  # half-written exercises are `judge check`'s business
            continue
        assert validate_lesson(exercise) == [], slug


def test_curves_come_from_the_reference(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    points = sample(gelu, lesson)
    assert points is sample(gelu, lesson)  # computed once per loaded exercise
    x = points["x"]
    i = x.index(-3.0)
    exact, tanh = points["curves"][0]["values"], points["curves"][1]["values"]
    assert exact[i] == pytest.approx(float(gelu_exact(-3.0)), abs=1e-9)
    assert tanh[i] == pytest.approx(float(gelu_tanh(-3.0)), abs=1e-9)
    lowest = min(range(len(x)), key=lambda k: exact[k])
    assert x[lowest] == pytest.approx(-0.75, abs=0.006) and exact[lowest] == pytest.approx(-0.16997, abs=1e-4)
    slope = points["curves"][2]["values"]
    assert slope[x.index(0.0)] == pytest.approx(0.5)


def test_reference_curve_on_the_exercise_grid(gelu: Exercise) -> None:
    curve = reference_curve(gelu)
    assert curve is not None and len(curve) == 321  # exercise.toml: [plot] x = [-5.0, 3.0, 321]
    assert curve[-1] == pytest.approx(float(gelu_tanh(3.0)))


@pytest.mark.parametrize(("text", "number"), [
    ("-0.75", -0.75), ("−0,75", -0.75), (" -0.752 ", -0.752), ("1e-3", 0.001), (".5", 0.5), (3, 3.0),
    ("-4 049,7e-6", -0.0040497), ("", None), ("abc", None), ("nan", None), ("inf", None), (None, None),
    (True, None), ([1], None), (float("nan"), None),
])
def test_parse_number(text: object, number: float | None) -> None:
    assert parse_number(text) == (pytest.approx(number) if number is not None else None)


def test_check_task(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    lowest = lesson.task("lowest-point")
    assert lowest is not None
    assert check_task(lowest, {"x": -0.7518, "y": -0.16997}).correct
    assert check_task(lowest, {"x": "-0,77", "y": "-0,171"}).correct  # within ±0.02 / ±0.002
    assert not check_task(lowest, {"x": -0.78, "y": -0.17}).correct
    result = check_task(lowest, {"x": -0.75})
    assert not result.correct and result.missing and result.answers["x"].correct
    at_minus_3 = lesson.task("exact-vs-tanh")
    assert at_minus_3 is not None
    assert check_task(at_minus_3, {"exact": -0.00405, "tanh": -0.003637}).correct
    # swapped forms: each is off by 0.0004, eight tolerances
    assert not check_task(at_minus_3, {"exact": -0.003637, "tanh": -0.00405}).correct
    with pytest.raises(UnknownAnswer):
        check_task(at_minus_3, {"exact": 1, "difference": 2})


def test_public_task_has_no_answers(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    task = public_task(lesson.tasks[0], "ru")
    assert task["answers"] == [{"id": "x", "label": "x в самой низкой точке"},
                               {"id": "y", "label": "GELU(x) в этой точке"}]
    assert "value" not in str(task) and "tolerance" not in str(task)


def test_exercise_without_lesson(tmp_path: Path) -> None:
    shutil.copytree(GELU, tmp_path / "gelu")
    (tmp_path / "gelu" / "lesson.toml").unlink()
    exercise = load_exercise(tmp_path / "gelu")
    assert load_lesson(exercise) is None and validate_lesson(exercise) == []


BROKEN = '''title.en = "A lesson"

[plot]
x = [3.0, -4.0, 10]

[[plot.curve]]
id = "exact"
label.en = "exact"
label.ru = "точная"
function = "reference.gelu:no_such_function"
role = "value"

[[plot.curve]]
id = "exact"
label.en = "again"
function = "curves.py:blows_up"
role = "dotted"

[[task]]
id = "t"
question.en = "?"
question.ru = "?"
explanation.en = "!"
explanation.ru = "!"

[[task.answer]]
id = "x"
label.en = "x"
label.ru = "x"
value = "minus one"
tolerance = -1
'''


def test_validate_lesson_names_every_problem_with_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "gelu"
    shutil.copytree(GELU, folder)
    (folder / "lesson.toml").write_text(BROKEN, encoding="utf-8")
    (folder / "curves.py").write_text("def blows_up(x):\n    return 1 / (x - x)\n", encoding="utf-8")
    exercise = load_exercise(folder)
    problems = validate_lesson(exercise)
    text = "\n".join(problems)
    assert "lesson.toml:1: 'title' has no text in ru" in text
    assert "lesson.toml:4: plot.x must be [start, stop, points]" in text
    assert "curve id 'exact' is used twice" in text
    assert "role must be one of value, slope" in text
    assert "'label' has no text in ru" in text
    assert "lesson.toml:30: task 't', answer 'x': value must be a number" in text
    assert "lesson.toml:31: task 't', answer 'x': tolerance must be a number ≥ 0" in text
    assert "no_such_function" in text  # the curve whose function cannot be loaded
    # the same as data, for tools that print file:line themselves (judge check)
    assert Problem("lesson.toml", 31, "task 't', answer 'x': tolerance must be a number ≥ 0") in \
        lesson_problems(exercise)
    with pytest.raises(ExerciseError):
        load_lesson(exercise)


def test_validate_lesson_samples_the_curves(tmp_path: Path) -> None:
    folder = tmp_path / "gelu"
    shutil.copytree(GELU, folder)
    text = (folder / "lesson.toml").read_text(encoding="utf-8")
    (folder / "lesson.toml").write_text(text.replace('"reference.gelu:gelu_tanh"', '"curves.py:tanh_with_a_hole"'),
                                        encoding="utf-8")
    (folder / "curves.py").write_text(
        "import numpy as np\n\ndef tanh_with_a_hole(x):\n    return np.where(x > 1, np.nan, x)\n", encoding="utf-8")
    problems = validate_lesson(load_exercise(folder))
    assert len(problems) == 1 and "curve 'tanh' is not finite at x = 1.01" in problems[0]


@pytest.mark.parametrize(("slug", "label_en"), [("dropout", "p, the drop probability"),
                                                ("embedding", "n, ids looked up"), ("softmax", "d = z₁ − z₂")])
def test_lessons_whose_axis_is_not_x_name_it_and_drop_the_difference(slug: str, label_en: str) -> None:
    """Dropout's axis is p and its first two curves (survivors' scale, share kept) have no useful difference;
    embedding's axis is an id count; softmax's is the logit gap d."""
    lesson = load_lesson(Catalog(GELU.parent).get(slug))
    assert lesson is not None and lesson.x_label is not None
    assert lesson.x_label["en"] == label_en and lesson.x_label["ru"]
    assert lesson.difference is False and lesson.shows_difference is False


def test_plot_defaults_are_x_and_the_difference(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    assert lesson.x_label is None and lesson.difference is True and lesson.shows_difference is True


def _gelu_with_plot(tmp_path: Path, settings: str, *, one_value_curve: bool = False) -> Exercise:
    folder = tmp_path / "gelu"
    shutil.copytree(GELU, folder)
    text = (folder / "lesson.toml").read_text(encoding="utf-8")
    text = text.replace("[plot]\n", f"[plot]\n{settings}\n", 1)
    if one_value_curve:
        text = text.replace('function = "reference.gelu:gelu_tanh"\nrole = "value"',
                            'function = "reference.gelu:gelu_tanh"\nrole = "slope"')
    (folder / "lesson.toml").write_text(text, encoding="utf-8")
    return load_exercise(folder)


def test_x_label_and_difference_are_read(tmp_path: Path) -> None:
    exercise = _gelu_with_plot(tmp_path, 'x_label.en = "z"\nx_label.ru = "з"\ndifference = false')
    assert validate_lesson(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None
    assert dict(lesson.x_label or {}) == {"en": "z", "ru": "з"} and not lesson.shows_difference


def test_x_label_and_difference_are_validated_with_their_lines(tmp_path: Path) -> None:
    # each problem at the line of its setting (right under [plot], in that order)
    exercise = _gelu_with_plot(tmp_path, 'x_label.en = "z"\ndifference = "no"\nxlabel = "typo"')
    text = "\n".join(validate_lesson(exercise))
    line = next(i for i, row in enumerate((exercise.path / "lesson.toml").read_text().splitlines(), 1)
                if row.startswith("x_label.en"))
    assert f"lesson.toml:{line}: 'x_label' has no text in ru" in text
    assert f"lesson.toml:{line + 1}: plot.difference must be true or false" in text
    assert f"lesson.toml:{line + 2}: [plot] has no setting 'xlabel'; its settings are: x, x_label, difference, " \
           "curve" in text
    with pytest.raises(ExerciseError):
        load_lesson(exercise)


def test_difference_needs_two_value_curves(tmp_path: Path) -> None:
    exercise = _gelu_with_plot(tmp_path, "difference = true", one_value_curve=True)
    assert any("plot.difference = true needs two curves" in p for p in validate_lesson(exercise))
    # left at its default, one value curve simply shows no difference row
    quiet = _gelu_with_plot(tmp_path / "b", "", one_value_curve=True)
    lesson = load_lesson(quiet)
    assert lesson is not None and lesson.difference and not lesson.shows_difference
