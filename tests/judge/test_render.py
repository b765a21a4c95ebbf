"""The terminal's report (judge.render) and the one renderer of messages (judge.localise), without a sandbox."""

from __future__ import annotations

import json

import pytest

from mljudge.judge import python_messages
from mljudge.judge.i18n import Text
from mljudge.judge.localise import LocalCase, Localised, localise, sentence
from mljudge.judge.render import render
from mljudge.judge.report import CaseReport, CaseStatus, HintKind, Report, Say, Tone, Verdict


def _report(*cases: LocalCase, lang: str = "en") -> Localised:
    return Localised(exercise="gelu", track="numpy", lang=lang, verdict=Verdict.WRONG_ANSWER,
                     verdict_label="Wrong answer", tone=Tone.BAD, message="0 of 2 passed.", cases=list(cases),
                     total=len(cases))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_cut_hidden_case_name_keeps_its_hidden_label(lang: str) -> None:
    long_name = "a very long description of what this hidden case is about, " * 2
    shown = _report(LocalCase("a", "short", True, CaseStatus.FAILED, "differs"),
                    LocalCase("b", long_name, False, CaseStatus.FAILED, "differs"), lang=lang)
    text = render(shown, "GELU", color=False)
    label = {"en": "(hidden)", "ru": "(скрытый)"}[lang]
    row = next(line for line in text.splitlines() if line.lstrip().startswith("2 "))
    assert f"… {label}" in row, row
    assert len(row.split(label)[0]) <= 2 + 2 + 2 + 48  # the name column keeps its width


def test_a_report_is_said_in_each_language_from_one_run() -> None:
    report = Report(exercise="gelu", track="numpy", verdict=Verdict.RUNTIME_ERROR,
                    message=(Say("report.in_case", {"case": Text(en="example", ru="пример")}),
                             Say("report.python_error", {"type": "IndexError",
                                                         "message": "list index out of range"})),
                    cases=[CaseReport("c", Text(en="example", ru="пример"), True, CaseStatus.ERROR)])
    again = Report.from_json(json.loads(json.dumps(report.to_json())))
    assert localise(again, "en").message == "In the case “example”: IndexError: list index out of range"
    assert localise(again, "ru").message == ("В тесте «пример»: IndexError: индекс вне диапазона (list) "
                                             "(list index out of range)")
    assert localise(again, "ru").cases[0].kind == "пример"


@pytest.mark.parametrize(("message", "ru"), [
    ("name 'k' is not defined", "имя `k` не определено"),
    ("gelu() takes 1 positional argument but 2 were given",
     "`gelu()` принимает позиционных аргументов: 1, а передано: 2"),
    ("index 5 is out of bounds for axis 0 with size 3", "индекс 5 вне границ оси 0 размера 3"),
    ("operands could not be broadcast together with shapes (3,) (4,) ",
     "формы операндов несовместимы при broadcasting: (3,) (4,) "),
    ("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)", "формы mat1 и mat2 нельзя перемножить (2x3 и 4x5)"),
    ("expected ':'", "ожидалось `:`"),
    ("'(' was never closed", "скобка `(` не закрыта"),
    ("expected an indented block after 'for' statement on line 3",
     "после оператора `for` в строке 3 ожидался блок с отступом"),
])
def test_common_python_messages_in_russian_keep_the_original(message: str, ru: str) -> None:
    assert python_messages.translate(message, "ru") == f"{ru} ({message})"
    assert python_messages.translate(message, "en") == message


def test_an_unknown_python_message_stays_as_python_wrote_it() -> None:
    assert python_messages.translate("something new in Python 3.14", "ru") == "something new in Python 3.14"
    assert sentence((Say("report.python_error", {"type": "KeyError", "message": ""}),), "ru") == "KeyError"


def test_the_json_forms_carry_every_field() -> None:
    """to_json and to_dict are written out field by field (for speed): a new field must not be left behind."""
    from dataclasses import fields

    from mljudge.judge.localise import LocalIssue
    from mljudge.judge.report import SourceIssue

    case = CaseReport("c", Text(en="a case"), True, CaseStatus.FAILED, (Say("case.nan", {"index": 3}),))
    report = Report(exercise="gelu", track="numpy", verdict=Verdict.WRONG_ANSWER, message=("learner's words",),
                    cases=[case], issues=[SourceIssue(1, 2, ("x",), "syntax_error")], hints=[(Text(en="h"),)],
                    hint_kinds=[HintKind.LADDER], leads="c")
    data = report.to_json()
    assert set(data) == {f.name for f in fields(Report)}
    assert set(data["cases"][0]) == {f.name for f in fields(CaseReport)}
    assert set(data["issues"][0]) == {f.name for f in fields(SourceIssue)}
    assert Report.from_json(json.loads(json.dumps(data))) == report
    said = localise(report, "en").to_dict()
    assert set(said) == {f.name for f in fields(Localised)}
    assert set(said["cases"][0]) == {f.name for f in fields(LocalCase)}
    assert set(said["issues"][0]) == {f.name for f in fields(LocalIssue)}
    assert json.loads(json.dumps(said)) == said


def test_nan_and_nested_values_read_as_in_the_browser() -> None:
    """A matrix with NaN in it, written on one line for the terminal: nan bare, as the web shows it, not 'nan'."""
    import numpy as np

    from mljudge.judge.render import _short
    from mljudge.judge.values import display, display_text

    value = display(np.array([[1.0, np.nan], [-np.inf, 0.5]]))
    assert _short(value) == display_text(value) == "[[1.0, nan], [-inf, 0.5]]"
    assert display_text(display({"x": np.array([np.inf])})) == "x = [inf]"
