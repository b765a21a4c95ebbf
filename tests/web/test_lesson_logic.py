"""judge/lessons: reading lesson.toml, sampling curves from trusted code, checking answers, and telling authors
precisely what is wrong with a lesson."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.errors import ExerciseError
from mljudge.judge.exercise import Exercise
from mljudge.judge.lessons import (
    LessonProblem,
    UnknownAnswer,
    lesson_problems,
    load_lesson,
    mark_task,
    parse_number,
    public_task,
    reference_curve,
    sample,
)
from mljudge.judge.loader import load_exercise
from mljudge.reference.gelu import gelu_exact, gelu_tanh
from tests.web.conftest import GELU


@pytest.fixture(scope="module")
def gelu() -> Exercise:
    return Catalog(GELU.parent).get("gelu")


def test_gelu_lesson_reads_and_validates(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    assert lesson.title["en"] == "GELU: a dip below zero" and lesson.title["ru"] == "GELU: провал ниже нуля"
    assert lesson.plot is not None and lesson.plot.grid == (-4.0, 3.0, 701)
    assert [(c.id, c.role) for c in lesson.plot.curves] == [("exact", "value"), ("tanh", "value"),
                                                         ("exact-slope", "slope"), ("tanh-slope", "slope")]
    assert [t.id for t in lesson.tasks] == ["lowest-point", "exact-vs-tanh"]
    assert "## Why it dips below zero" in lesson.body["en"]
    assert lesson_problems(gelu) == []
    assert load_lesson(gelu) is lesson  # read once per loaded exercise


def test_every_lesson_in_the_checkout_validates() -> None:
    catalog = Catalog(GELU.parent)
    for slug in catalog.slugs():
        try:
            exercise = catalog.get(slug)
        except ExerciseError:  # half-written exercises are `judge check`'s business
            continue
        assert lesson_problems(exercise) == [], slug


def test_curves_come_from_the_reference(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None and lesson.plot is not None
    points = sample(gelu, lesson.plot)
    assert points is sample(gelu, lesson.plot)  # computed once per loaded exercise
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
    ("4/9", 4 / 9), ("−1/3", -1 / 3), ("6 / 9", 2 / 3), ("2,5/10", 0.25), ("1\u20442", 0.5), ("1/0", None),
    ("1/-2", None), ("1//2", None), ("/2", None), ("4/", None),
])
def test_parse_number(text: object, number: float | None) -> None:
    assert parse_number(text) == (pytest.approx(number) if number is not None else None)


def test_mark_task(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None
    lowest = lesson.task("lowest-point")
    assert lowest is not None
    assert mark_task(lowest, {"x": -0.7518, "y": -0.16997}).correct
    assert mark_task(lowest, {"x": "-0,77", "y": "-0,171"}).correct  # within ±0.02 / ±0.002
    assert not mark_task(lowest, {"x": -0.78, "y": -0.17}).correct
    result = mark_task(lowest, {"x": -0.75})
    assert not result.correct and result.missing and result.answers["x"].correct
    at_minus_3 = lesson.task("exact-vs-tanh")
    assert at_minus_3 is not None
    assert mark_task(at_minus_3, {"exact": -0.00405, "tanh": -0.003637}).correct
    # swapped forms: each is off by 0.0004, eight tolerances
    assert not mark_task(at_minus_3, {"exact": -0.003637, "tanh": -0.00405}).correct
    with pytest.raises(UnknownAnswer):
        mark_task(at_minus_3, {"exact": 1, "difference": 2})


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
    assert load_lesson(exercise) is None and lesson_problems(exercise) == []


def problems(exercise: Exercise) -> list[str]:
    return [str(p) for p in lesson_problems(exercise)]


def _gelu_with_lesson(tmp_path: Path, text: str, **files: str) -> Exercise:
    folder = tmp_path / "gelu"
    shutil.copytree(GELU, folder)
    (folder / "lesson.toml").write_text(text, encoding="utf-8")
    for name, content in files.items():
        (folder / name).write_text(content, encoding="utf-8")
    return load_exercise(folder)


def _line(exercise: Exercise, fragment: str, nth: int = 0) -> int:
    rows = (exercise.path / "lesson.toml").read_text(encoding="utf-8").splitlines()
    return [i for i, row in enumerate(rows, 1) if fragment in row][nth]


SHAPE = """title.en = "A lesson"
title.ru = "Урок"

[plot]
x = [-4.0, 3.0, 71]
xlabel = "x"

[[plot.curve]]
id = "exact"
label.en = "exact"
label.ru = "точная"
function = "mljudge.reference.gelu:gelu_exact"
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
"""


def test_the_shape_is_the_schemas_every_problem_at_its_line(tmp_path: Path) -> None:
    """Unknown keys and wrong types come from judge.lessons.schema.LESSON, all at once, each at its line."""
    exercise = _gelu_with_lesson(tmp_path, SHAPE)
    found = problems(exercise)
    assert f"lesson.toml:{_line(exercise, 'xlabel')}: unknown key 'plot.xlabel'; did you mean 'x_label'?" in found
    assert (f"lesson.toml:{_line(exercise, 'dotted')}: plot.curve[0].role must be one of value, slope, not "
            "'dotted'") in found
    assert (f"lesson.toml:{_line(exercise, 'minus one')}: task[0].answer[0].value must be a number or a list, "
            "not the string 'minus one'") in found
    assert (f"lesson.toml:{_line(exercise, 'tolerance')}: task[0].answer[0].tolerance must be a number ≥ 0, not "
            "the whole number -1") in found
    assert len(found) == 4
    with pytest.raises(ExerciseError, match="did you mean 'x_label'"):
        load_lesson(exercise)


BROKEN = """title.en = "A lesson"

[plot]
x = [3.0, -4.0, 10]

[[plot.curve]]
id = "exact"
label.en = "exact"
label.ru = "точная"
function = "mljudge.reference.gelu:no_such_function"
role = "value"

[[plot.curve]]
id = "exact"
label.en = "again"
function = "curves.py:blows_up"
role = "slope"

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
tolerance = 1
"""
BLOWS_UP = {"curves.py": "def blows_up(x):\n    return 1 / 0\n"}


def test_what_one_value_cannot_tell_is_checked_next(tmp_path: Path) -> None:
    exercise = _gelu_with_lesson(tmp_path, BROKEN, **BLOWS_UP)
    text = "\n".join(problems(exercise))
    assert "lesson.toml:1: 'title' has no text in ru" in text
    assert "lesson.toml:4: plot.x must be [start, stop, points]" in text
    twice = _line(exercise, 'id = "exact"', 1)
    assert f"lesson.toml:{twice}: curve id 'exact' is used twice" in text
    assert f"lesson.toml:{_line(exercise, 'again')}: 'label' has no text in ru" in text
    assert "task 't', answer 'x': value is required" in text
    # and only then is the lesson read: a lesson with such problems is never half-loaded
    with pytest.raises(ExerciseError):
        load_lesson(exercise)
    # the functions are called once the file is right: a name that does not exist, a function that raises
    fixed = (BROKEN.replace("x = [3.0, -4.0, 10]", "x = [-4.0, 3.0, 10]")
             .replace('id = "exact"\nlabel.en = "again"', 'id = "other"\nlabel.en = "again"\nlabel.ru = "снова"')
             .replace('title.en = "A lesson"', 'title.en = "A lesson"\ntitle.ru = "Урок"')
             .replace("tolerance = 1", "value = 1\ntolerance = 1"))
    exercise = _gelu_with_lesson(tmp_path / "b", fixed, **BLOWS_UP)
    found = lesson_problems(exercise)
    assert [p.line for p in found] == [_line(exercise, "no_such_function"), _line(exercise, "blows_up")]
    assert "cannot load 'mljudge.reference.gelu:no_such_function'" in found[0].message
    assert "curve 'other': curves.py:blows_up raised ZeroDivisionError" in found[1].message
    assert LessonProblem("lesson.toml", found[1].line, found[1].message) == found[1]  # data, for judge check's rows


def test_lesson_problems_samples_the_curves(tmp_path: Path) -> None:
    text = (GELU / "lesson.toml").read_text(encoding="utf-8")
    exercise = _gelu_with_lesson(
        tmp_path, text.replace('"mljudge.reference.gelu:gelu_tanh"', '"curves.py:tanh_with_a_hole"'),
        **{"curves.py": "import numpy as np\n\ndef tanh_with_a_hole(x):\n    return np.where(x > 1, np.nan, x)\n"})
    found = problems(exercise)
    assert len(found) == 1 and "curve 'tanh' is not finite at x = 1.01" in found[0]


@pytest.mark.parametrize(("slug", "label_en"), [("dropout", "p, the drop probability"),
                                                ("embedding", "n, ids looked up"), ("softmax", "d = z₁ − z₂")])
def test_lessons_whose_axis_is_not_x_name_it_and_drop_the_difference(slug: str, label_en: str) -> None:
    """Dropout's axis is p and its first two curves (survivors' scale, share kept) have no useful difference;
    embedding's axis is an id count; softmax's is the logit gap d."""
    lesson = load_lesson(Catalog(GELU.parent).get(slug))
    assert lesson is not None and lesson.plot is not None and lesson.plot.x_label is not None
    assert lesson.plot.x_label["en"] == label_en and lesson.plot.x_label["ru"]
    assert lesson.plot.difference is False and lesson.plot.shows_difference is False


def test_plot_defaults_are_x_the_difference_and_a_linear_axis(gelu: Exercise) -> None:
    lesson = load_lesson(gelu)
    assert lesson is not None and lesson.plot is not None
    assert lesson.plot.x_label is None and lesson.plot.difference is True and lesson.plot.shows_difference is True
    assert lesson.plot.y_scale == "linear" and lesson.panels == ()


def _gelu_with_plot(tmp_path: Path, settings: str, *, one_value_curve: bool = False) -> Exercise:
    text = (GELU / "lesson.toml").read_text(encoding="utf-8")
    text = text.replace("[plot]\n", f"[plot]\n{settings}\n", 1)
    if one_value_curve:
        text = text.replace('function = "mljudge.reference.gelu:gelu_tanh"\nrole = "value"',
                            'function = "mljudge.reference.gelu:gelu_tanh"\nrole = "slope"')
    return _gelu_with_lesson(tmp_path, text)


def test_x_label_difference_and_y_scale_are_read(tmp_path: Path) -> None:
    exercise = _gelu_with_plot(tmp_path, 'x_label.en = "z"\nx_label.ru = "з"\ndifference = false\ny_scale = "linear"')
    assert problems(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None and lesson.plot is not None
    assert dict(lesson.plot.x_label or {}) == {"en": "z", "ru": "з"} and not lesson.plot.shows_difference


def test_plot_settings_are_validated_with_their_lines(tmp_path: Path) -> None:
    exercise = _gelu_with_plot(tmp_path, 'x_label.en = "z"\ndifference = "no"\ny_scale = "logarithmic"')
    line = _line(exercise, "x_label.en")
    assert problems(exercise) == [
        f"lesson.toml:{line + 1}: plot.difference must be true or false, not the string 'no'",
        f"lesson.toml:{line + 2}: plot.y_scale must be one of linear, log, not 'logarithmic'"]
    # once the shape is right, the missing language
    exercise = _gelu_with_plot(tmp_path / "b", 'x_label.en = "z"')
    assert problems(exercise) == [f"lesson.toml:{line}: 'x_label' has no text in ru"]


def test_a_log_axis_needs_positive_values(tmp_path: Path) -> None:
    # GELU's curves are positive for x > 0: drawable (a slope curve needs nothing)
    assert problems(_gelu_with_plot(tmp_path, 'y_scale = "log"')) == []
    text = (GELU / "lesson.toml").read_text(encoding="utf-8").replace("[plot]\n", '[plot]\ny_scale = "log"\n', 1)
    text = text.replace('"mljudge.reference.gelu:gelu_tanh"', '"curves.py:negative"')
    exercise = _gelu_with_lesson(tmp_path / "b", text, **{"curves.py": "def negative(x):\n    return -1 - x * x\n"})
    assert problems(exercise) == [f"lesson.toml:{_line(exercise, 'curves.py:negative')}: curve 'tanh' has no "
                                  "positive value to draw on plot.y_scale = \"log\""]


def test_difference_needs_two_value_curves(tmp_path: Path) -> None:
    exercise = _gelu_with_plot(tmp_path, "difference = true", one_value_curve=True)
    assert any("plot.difference = true needs two curves" in p for p in problems(exercise))
    # left at its default, one value curve simply shows no difference row
    quiet = _gelu_with_plot(tmp_path / "b", "", one_value_curve=True)
    lesson = load_lesson(quiet)
    assert lesson is not None and lesson.plot is not None
    assert lesson.plot.difference and not lesson.plot.shows_difference


# --- curves with fixed arguments ---------------------------------------------------------------------------------


def _gelu_with_curve(tmp_path: Path, curve: str, **files: str) -> Exercise:
    text = (GELU / "lesson.toml").read_text(encoding="utf-8")
    text = text.replace("[[plot.curve]]\n", f"[[plot.curve]]\n{curve}\n\n[[plot.curve]]\n", 1)
    return _gelu_with_lesson(tmp_path, text, **files)


def _curve(function: str, fixed: str = "") -> str:
    return ('id = "extra"\nlabel.en = "extra"\nlabel.ru = "ещё"\n'
            f'function = "{function}"\n' + (f"fixed = {fixed}\n" if fixed else ""))


def test_a_curve_takes_fixed_arguments(tmp_path: Path) -> None:
    from mljudge.reference.swish import swish

    exercise = _gelu_with_curve(tmp_path, _curve("mljudge.reference.swish:swish", "{ beta = 2.0 }"))
    assert problems(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None and lesson.plot is not None
    assert lesson.plot.curves[0].fixed == {"beta": 2.0}
    points = sample(exercise, lesson.plot)
    i = points["x"].index(-1.0)
    assert points["curves"][0]["values"][i] == pytest.approx(float(swish(-1.0, 2.0)), abs=1e-10)
    assert abs(points["curves"][0]["values"][i] - float(swish(-1.0))) > 0.1


def test_the_grid_sweeps_the_first_parameter_not_fixed(tmp_path: Path) -> None:
    """A function whose first parameter is fixed gets the grid in its second; a fixed whole number stays one."""
    exercise = _gelu_with_curve(tmp_path, _curve("curves.py:scaled", "{ scale = 3 }"),
                                **{"curves.py": "def scaled(scale, x, shift=0.0):\n    return scale * x + shift\n"})
    assert problems(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None and lesson.plot is not None
    assert sample(exercise, lesson.plot)["curves"][0]["values"][0] == -12.0  # 3 · (−4)
    assert isinstance(lesson.plot.curves[0].fixed["scale"], int)


@pytest.mark.parametrize(("function", "fixed", "message"), [
    ("mljudge.reference.swish:swish", "{ betta = 2.0 }",
     "curve 'extra': mljudge.reference.swish:swish has no parameter 'betta' (its parameters: x, beta); did you mean "
     "'beta'?"),
    ("mljudge.reference.swish:swish", "{ x = 1.0, beta = 2.0 }",
     "curve 'extra': fixed names every parameter of mljudge.reference.swish:swish: one must sweep the grid"),
    ("mljudge.reference.swish:swish", "{ beta = [1, 2] }",
     "plot.curve[0].fixed.beta must be a string, a number or true/false, not a list"),
    ("mljudge.reference.ppo:clipped_objective", "{ clip = 0.2 }",
     "curve 'extra': mljudge.reference.ppo:clipped_objective needs a value for advantages in fixed: its first free "
     "parameter 'r' sweeps the grid, every other one needs a value or its default"),
])
def test_fixed_arguments_that_do_not_fit(tmp_path: Path, function: str, fixed: str, message: str) -> None:
    exercise = _gelu_with_curve(tmp_path, _curve(function, fixed))
    assert problems(exercise) == [f"lesson.toml:{_line(exercise, 'fixed = ')}: {message}"]


def test_a_function_that_needs_more_than_x_without_fixed_is_reported_as_it_fails(tmp_path: Path) -> None:
    exercise = _gelu_with_curve(tmp_path, _curve("mljudge.reference.recurrent:echo"))
    found = problems(exercise)
    assert len(found) == 1 and "curve 'extra': mljudge.reference.recurrent:echo raised TypeError" in found[0]


# --- panels -------------------------------------------------------------------------------------------------------


DESCENT = """
[[panel]]
kind = "descent"
data = "mljudge.reference.optimizers:panel"
show = ["gd", "momentum"]
params.lr = { min = 0.005, max = 0.4, step = 0.005, default = 0.09 }
params.momentum = { min = 0.0, max = 0.99, step = 0.01, default = 0.9 }
"""


def _gelu_with_panel(tmp_path: Path, panel: str = DESCENT, **files: str) -> Exercise:
    text = (GELU / "lesson.toml").read_text(encoding="utf-8")
    text = text.replace("\n[plot]\n", f"{panel}\n[plot]\n", 1)
    return _gelu_with_lesson(tmp_path, text, **files)


def test_a_panel_is_read_with_its_options_and_sliders(tmp_path: Path) -> None:
    exercise = _gelu_with_panel(tmp_path)
    assert problems(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None and len(lesson.panels) == 1
    panel = lesson.panels[0]
    assert (panel.id, panel.kind, panel.data, panel.title) == (
        "descent", "descent", "mljudge.reference.optimizers:panel", None)
    assert panel.options == {"show": ["gd", "momentum"]}
    assert panel.params["lr"].count == 80 and panel.params["momentum"].count == 100
    assert panel.defaults() == {"lr": 0.09, "momentum": 0.9}
    assert lesson.panel("descent") is panel and lesson.panel("nope") is None


def test_panel_data_comes_from_trusted_code_once_per_state(tmp_path: Path) -> None:
    from mljudge.judge.lessons import BadParam, panel_data
    from mljudge.reference.optimizers import panel as reference_panel

    exercise = _gelu_with_panel(tmp_path)
    lesson = load_lesson(exercise)
    assert lesson is not None
    panel = lesson.panels[0]
    default = panel_data(exercise, lesson, panel)
    assert default == reference_panel(0.09, 0.9) and default is panel_data(exercise, lesson, panel)
    # another state: each value on its slider's grid, the other parameter at its default
    moved = panel_data(exercise, lesson, panel, {"lr": "0.105"})
    assert moved == reference_panel(0.105, 0.9) and moved is panel_data(exercise, lesson, panel, {"lr": "0.1050"})
    for asked, fragment in [({"lr": "0.1051"}, "lr must be one of 0.005, 0.01, …, 0.4 (steps of 0.005), not "
                                               "'0.1051'"),
                            ({"lr": "1"}, "not '1'"), ({"lr": "nan"}, "not 'nan'"),
                            ({"beta": "1"}, "panel 'descent' has no parameter 'beta'; its parameters: lr, momentum")]:
        with pytest.raises(BadParam) as raised:
            panel_data(exercise, lesson, panel, asked)
        assert fragment in str(raised.value)


PANEL_CODE = {"panel.py": "def infinite():\n    return {'x': float('inf')}\n\ndef listed():\n    return [1]\n\n"
                          "def huge():\n    return {'x': 'a' * 1_000_000}\n"}


@pytest.mark.parametrize(("panel", "fragment", "message"), [
    ('\n[[panel]]\nkind = "histograms"\ndata = "mljudge.reference.batch_norm:panel"\n', "kind =",
     "panel[0].kind must be one of conv2d, pooling, histogram, error, margin, descent, echo, forget-gate, "
     "attention-heatmap, positional-clocks, encoder-block, ppo-clip, backprop, layers, decision-boundary, not "
     "'histograms'; did you mean 'histogram'?"),
    ('\n[[panel]]\nkind = "conv2d"\ndata = "mljudge.reference.conv2d:panel"\nshow = ["gd"]\n', "show =",
     "unknown key 'panel[0].show'; known here: id, title, data, params, kind"),
    ('\n[[panel]]\nkind = "error"\ndata = "mljudge.reference.conv2d:panel"\nshow = ["squares"]\n', "show =",
     "panel[0].show[0] must be one of squared, absolute, huber, half-squared, not 'squares'; did you mean "
     "'squared'?"),
    ('\n[[panel]]\nkind = "descent"\ndata = "mljudge.reference.optimizers:panel"\n'
     'params.lr = { min = 0.005, max = 0.4, step = 0.005, default = 0.0925 }\n', "params.lr",
     "panel 'descent': params.lr: default 0.0925 is not on the grid 0.005, 0.01, …, 0.4"),
    ('\n[[panel]]\nkind = "descent"\ndata = "mljudge.reference.optimizers:panel"\n'
     'params.lr = { min = 0.4, max = 0.005, step = 0.005, default = 0.09 }\n', "params.lr",
     "panel 'descent': params.lr: min must be below max"),
    ('\n[[panel]]\nkind = "descent"\ndata = "mljudge.reference.optimizers:panel"\n'
     'params.lr = { min = 0.0, max = 1.0, step = 0.3, default = 0.3 }\n', "params.lr",
     "panel 'descent': params.lr: (max − min) / step = 3.33333 must be a whole number of steps"),
    ('\n[[panel]]\nkind = "descent"\ndata = "mljudge.reference.optimizers:panel"\nparams.beta = { min = 0.0, '
     'max = 1.0, step = 0.5, default = 0.5 }\n', "data =",
     "panel 'descent': mljudge.reference.optimizers:panel does not take its params (beta): got an unexpected keyword "
     "argument 'beta'"),
    ('\n[[panel]]\nkind = "conv2d"\ndata = "mljudge.reference.conv2d:no_panel"\n', "data =",
     "cannot load 'mljudge.reference.conv2d:no_panel': AttributeError: module 'mljudge.reference.conv2d' has no "
     "attribute 'no_panel'"),
    ('\n[[panel]]\nkind = "conv2d"\ndata = "panel.py:infinite"\n', "data =",
     "panel 'conv2d': panel.py:infinite returned what JSON cannot carry (Out of range float values are not JSON "
     "compliant"),
    ('\n[[panel]]\nkind = "conv2d"\ndata = "panel.py:listed"\n', "data =",
     "panel 'conv2d': panel.py:listed must return a JSON object (a dict), not list"),
    ('\n[[panel]]\nkind = "conv2d"\ndata = "panel.py:huge"\n', "data =",
     "panel 'conv2d': panel.py:huge returned 1,000,009 bytes of JSON; at most 400,000 travel with the page"),
    ('\n[[panel]]\nkind = "conv2d"\ndata = "mljudge.reference.conv2d:panel"\n\n[[panel]]\nkind = "conv2d"\n'
     'data = "mljudge.reference.conv2d:panel"\n', "[[panel]]", "panel id 'conv2d' is used twice"),
])
def test_panel_problems(tmp_path: Path, panel: str, fragment: str, message: str) -> None:
    exercise = _gelu_with_panel(tmp_path, panel, **PANEL_CODE)
    found = problems(exercise)
    assert len(found) == 1, found
    lines = (exercise.path / "lesson.toml").read_text(encoding="utf-8").splitlines()
    at = [i for i, row in enumerate(lines, 1) if row.startswith(fragment)][-1]
    assert found[0].startswith(f"lesson.toml:{at}: {message}"), found[0]


def test_a_lesson_may_have_panels_and_no_plot(tmp_path: Path) -> None:
    text = (GELU / "lesson.toml").read_text(encoding="utf-8")
    head, tasks = text.split("\n[[task]]", 1)
    title = head.split("\n[plot]")[0]
    exercise = _gelu_with_lesson(tmp_path, title + DESCENT + "\n[[task]]" + tasks)
    assert problems(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None and lesson.plot is None and lesson.panels[0].kind == "descent"
    nothing = _gelu_with_lesson(tmp_path / "b", title + "\n[[task]]" + tasks)
    assert problems(nothing) == ["lesson.toml: a lesson needs a [plot] or a [[panel]] (or both)"]


# --- the panels on the page: one component and one table of strings per kind ---------------------------------------

PANELS_JS = Path(__file__).resolve().parents[2] / "mljudge" / "web" / "static" / "js" / "panels"


def test_every_panel_kind_has_its_component_and_strings_in_every_language() -> None:
    """A kind in judge.lessons.panels.PANEL_KINDS is drawn by web/static/js/panels/<kind>.js, whose every t("key")
    exists in its table of the string catalogue (web.panel.<kind>, or web.panel.common), in every language: a
    missing one would show the key itself on the page."""
    import re

    from mljudge.judge.i18n import LANGS, keys
    from mljudge.judge.lessons.panels import PANEL_KINDS
    from mljudge.web.lessons import COMMON, kinds_with_strings

    modules = {p.stem for p in PANELS_JS.glob("*.js")} - {"kit"}
    assert modules == set(PANEL_KINDS), "a kind without its component, or a component without its kind"
    assert kinds_with_strings() == set(PANEL_KINDS)

    def table(lang: str, kind: str) -> set[str]:  # the lang's own keys, with no English fallback
        return {k.removeprefix(f"web.panel.{kind}.") for k in keys(lang) if k.startswith(f"web.panel.{kind}.")}

    for kind in PANEL_KINDS:
        source = (PANELS_JS / f"{kind}.js").read_text(encoding="utf-8")
        assert re.search(r"^export function mount\(root, \{", source, re.M), kind
        used = set(re.findall(r"\bt\(\s*\"([\w-]+)\"", source))
        used |= {f"{prefix}{name}" for prefix, names in _templated_keys(kind, source) for name in names}
        for lang in LANGS:
            known = table(lang, kind) | table(lang, COMMON)
            assert used <= known, f"{kind} ({lang}): no string for {sorted(used - known)}"
            assert "title" in table(lang, kind), kind


def _templated_keys(kind: str, source: str) -> list[tuple[str, list[str]]]:
    """Keys a component builds as t(`prefix_${name}`) from a list of names it declares: the lists are given here,
    per component, so that a renamed option cannot lose its string unnoticed."""
    import re

    found = re.findall(r"(?<![\w.])t\(`([\w-]+)\$\{", source)
    names = {
        "conv2d": {"picture_": ["digit", "gradient", "flat"],
                   "kernel_": ["identity", "box-blur", "vertical-edges", "horizontal-edges", "sharpen", "custom"]},
        "pooling": {"map_": ["numbers", "edges"]},
        "error": {"show_": ["squared", "huber", "absolute", "half-squared"]},
        "attention-heatmap": {"mask_": ["none", "causal", "padding", "causal-left-padding", "custom"]},
        "descent": {"col_": ["optimizer", "point", "loss", "distance", "first_within", "settled_from"]},
        "forget-gate": {"gate_": ["input", "forget", "cell", "output"]},
        "encoder-block": {"step_": [str(i) for i in range(12)]},
        "ppo-clip": {"winner_": ["unclipped", "clipped", "equal"]},
        "layers": {"col_": ["layer", "size", "ratio", "step"]},
        "decision-boundary": {"col_": ["input", "label", "prediction", "past"],
                              "table_": ["xor", "xnor", "and", "nand", "or"]},
    }
    return [(prefix, names[kind][prefix]) for prefix in set(found)]


def test_every_panel_lesson_validates_and_sends_bounded_data() -> None:
    import json

    from mljudge.web.lessons import payload

    catalog = Catalog(GELU.parent)
    kinds = set()
    for slug in catalog.slugs():
        try:
            exercise = catalog.get(slug)
        except ExerciseError:
            continue
        lesson = load_lesson(exercise)
        if lesson is None or not lesson.panels:
            continue
        assert lesson_problems(exercise) == [], slug
        for lang in ("en", "ru"):
            body = payload(exercise, lesson, lang)
            assert len(json.dumps(body)) < 600_000, slug
            kinds |= {p["kind"] for p in body["panels"]}
            assert all(p["title"] for p in body["panels"])
    # the seventeen lessons of modules 4-9 with a panel use fourteen kinds between them
    assert {"conv2d", "pooling", "histogram", "error", "margin", "descent", "echo", "forget-gate",
            "attention-heatmap", "positional-clocks", "encoder-block", "ppo-clip", "backprop", "layers"} <= kinds


def test_the_panel_state_route(openapi: dict) -> None:
    """GET /api/lessons/<slug>/panels/<id>: a declared parameter on its grid gives that state's data; anything else
    is a 404 or a 400 that says why, in the request's language; every answer is as documented."""
    from mljudge.reference.optimizers import panel as reference_panel
    from tests.web.conftest import make_app
    from tests.web.test_api import assert_error, call

    client = make_app(object(), Catalog(GELU.parent)).test_client()
    url = "/api/lessons/sgd-momentum/panels/descent"
    moved = call(client, openapi, "GET", f"{url}?lr=0.105&momentum=0.5").get_json()
    assert moved["params"] == {"lr": 0.105, "momentum": 0.5}
    assert moved["data"] == reference_panel(0.105, 0.5)
    default = call(client, openapi, "GET", url).get_json()
    assert default["params"] == {"lr": 0.09, "momentum": 0.9}
    lesson = call(client, openapi, "GET", "/api/lessons/sgd-momentum?lang=ru").get_json()
    assert lesson["panels"][0]["data"] == default["data"]
    assert lesson["panels"][0]["params"]["lr"] == {"min": 0.005, "max": 0.4, "step": 0.005, "default": 0.09}
    assert lesson["panels"][0]["title"] == "Четыре оптимизатора в одной долине"
    off_grid = call(client, openapi, "GET", f"{url}?lr=0.1051&lang=ru")
    assert_error(off_grid, 400, "bad_request")
    assert "lr must be one of 0.005, 0.01, …, 0.4" in off_grid.get_json()["detail"]
    assert off_grid.get_json()["detail"].startswith("Такое состояние панели посчитать нельзя")
    assert_error(call(client, openapi, "GET", f"{url}?beta=1"), 400, "bad_request")
    assert_error(call(client, openapi, "GET", "/api/lessons/sgd-momentum/panels/nope"), 404, "not_found")
    assert_error(call(client, openapi, "GET", "/api/lessons/gelu/panels/descent"), 404, "not_found")


XOR_PANEL = """
[[panel]]
kind = "decision-boundary"
data = "mljudge.reference.xor:panel"
params.table = { choices = ["xor", "and"], default = "xor" }
params.seed = { min = 0, max = 9, step = 1, default = 0 }
"""


def test_a_parameter_may_be_one_of_a_few_choices(tmp_path: Path) -> None:
    """A table's name is no slider: `choices` lists what the page may ask for; a grid of whole numbers gives ints
    (a seed), as the data function expects."""
    from mljudge.judge.lessons import BadParam, Choice, panel_data
    from mljudge.reference.xor import panel as reference

    exercise = _gelu_with_panel(tmp_path, XOR_PANEL)
    assert problems(exercise) == []
    lesson = load_lesson(exercise)
    assert lesson is not None
    panel = lesson.panels[0]
    assert panel.params["table"] == Choice(("xor", "and"), "xor")
    assert panel.defaults() == {"table": "xor", "seed": 0} and isinstance(panel.defaults()["seed"], int)
    assert panel_data(exercise, lesson, panel, {"table": "and", "seed": "3"}) == reference("and", 3)
    for asked, fragment in [({"table": "xnor"}, "table must be one of xor, and, not 'xnor'"),
                            ({"seed": "1.5"}, "seed must be one of 0, 1, …, 9")]:
        with pytest.raises(BadParam) as raised:
            panel_data(exercise, lesson, panel, asked)
        assert fragment in str(raised.value)


@pytest.mark.parametrize(("params", "message"), [
    ('params.table = { choices = ["xor", "and"], default = "or" }',
     "panel 'decision-boundary': params.table: default must be one of the choices (xor, and)"),
    ('params.table = { choices = ["xor"], min = 0, max = 1, step = 1, default = "xor" }',
     "panel 'decision-boundary': params.table: either choices or min, max and step, not both"),
    ('params.table = { choices = [], default = "xor" }',
     "panel 'decision-boundary': params.table: choices must list at least one value, each once"),
    ('params.seed = { min = 0, max = 9, step = 1, default = "one" }',
     "panel 'decision-boundary': params.seed: default must be a number on the grid (or give choices)"),
])
def test_choices_that_do_not_fit(tmp_path: Path, params: str, message: str) -> None:
    panel = '\n[[panel]]\nkind = "decision-boundary"\ndata = "mljudge.reference.xor:panel"\n' + params + "\n"
    found = problems(_gelu_with_panel(tmp_path, panel))
    assert len(found) == 1 and found[0].endswith(message), found
