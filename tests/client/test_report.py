"""The report a notebook shows: `judge run`'s text as str(), HTML where nothing the learner wrote is markup and
nothing is fetched or run, the curve over the right one; and what this machine's sandbox lacked, said."""

from __future__ import annotations

import html as markup
from html.parser import HTMLParser
from typing import Any

import pytest

from mljudge import notebook
from mljudge.client import local
from mljudge.client.answer import CheckReport
from mljudge.client.errors import LocalUnavailable
from mljudge.client.source import from_text
from mljudge.judge import render
from mljudge.judge.i18n import t
from mljudge.judge.report import REPORT_VERSION


class Tags(HTMLParser):
    """The markup of a page: its tags, their attributes, and its texts (unescaped)."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.attributes: list[tuple[str, str | None]] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.names.add(tag)
        self.attributes += attrs

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)">\x1b[2J'


def answer(**changes: Any) -> dict[str, Any]:
    """A localised report as JSON, as a server answers it (fields of a newer report's view included: a view that
    lacks them leaves them out)."""
    case = {"id": "a", "kind": "published " + HOSTILE, "visible": True, "status": "failed",
            "message": "values differ " + HOSTILE, "input": {"x": [1.0, 2.0]}, "expected": [0.84, 1.95],
            "got": [HOSTILE, 1.95], "max_abs_error": 0.1, "first_diff_index": [0], "diff_indices": [0], "ms": 1.0,
            "error_type": None}
    hidden = {**case, "id": "b", "kind": "hidden kind", "visible": False, "status": "passed", "message": "",
              "input": None, "expected": None, "got": None, "diff_indices": None}
    data = {"exercise": "gelu", "track": "numpy", "lang": "en", "verdict": "wrong_answer",
            "verdict_label": "Wrong answer", "tone": "bad", "message": "1 of 2 cases passed. " + HOSTILE,
            "passed": 1, "total": 2, "cases": [case, hidden],
            "hints": ["targeted " + HOSTILE, "first of the ladder", "second"],
            "hint_kinds": ["mistake", "ladder", "ladder"], "targeted": 1, "hints_withheld": 0, "mistakes": [],
            "leads": "a", "issues": [], "stdout": "printed " + HOSTILE, "stdout_truncated": False,
            "notes": ["note " + HOSTILE], "stats": {},
            "plot": {"x": [-1.0, 0.0, 1.0], "learner": [-0.2, 0.0, "nan"], "reference": [-0.16, 0.0, 0.84]},
            "version": REPORT_VERSION, "neutral": "x.y", "switch_track": None, "submission_id": "f" * 32}
    return {**data, **changes}


def test_the_text_is_judge_runs_and_the_html_holds_no_markup_of_the_learners() -> None:
    report = CheckReport(answer(), title="GELU", graded_by="this machine", sent=from_text("x = '" + HOSTILE + "'"))
    assert report.verdict == "wrong_answer" and report.passed is False and (report.cases_passed, report.total) == (1, 2)
    said = report.shown()
    assert said.hints == ["targeted " + HOSTILE] and said.hints_withheld == 2  # as `judge run` unasked
    assert str(report) == render.render(said, "GELU", color=False)
    assert "\x1b" not in str(report)

    html = report._repr_html_()
    tags = Tags()
    tags.feed(html)
    assert tags.names <= {"div", "span", "b", "table", "thead", "tbody", "tr", "th", "td", "mark", "details",
                          "summary", "pre", "figure", "figcaption", "svg", "title", "rect", "line", "path", "text"}
    assert not [a for a in tags.attributes if a[0].startswith("on") or a[0] in ("src", "href", "xlink:href")]
    assert not [a for a in tags.attributes if a[0] == "style" and "url(" in (a[1] or "")]  # nothing fetched
    assert "\x1b" not in html and sum(HOSTILE.replace("\x1b", "") in text for text in tags.texts) >= 7
    assert t("client.about_you", "en") in html and markup.escape('mljudge.hint("gelu", 1)') in html
    assert html.count("<path") == 2 and 'stroke-dasharray="6 4"' in html  # the learner's curve over the right one


def test_without_a_curve_of_the_learners_the_right_one_is_drawn_alone_and_said() -> None:
    data = answer()
    data["plot"] = {**data["plot"], "learner": None}
    html = CheckReport(data, title="GELU", graded_by="this machine")._repr_html_()
    assert html.count("<path") == 1 and markup.escape(t("client.plot_no_curve", "en")) in html
    accepted = answer(verdict="accepted", verdict_label="Accepted", tone="good", plot=None, hints=[], hint_kinds=[],
                      targeted=0)
    html = CheckReport(accepted, title="GELU", graded_by="http://judge.example", sent=None)._repr_html_()
    assert "<svg" not in html and "✓ Accepted" in html
    assert markup.escape(t("client.graded_by", "en", server="http://judge.example")) in html


class FakePool:
    def __init__(self, modes: set[str], inactive: list[str], allow: bool) -> None:
        self._modes, self._inactive, self.allow_unconfined = modes, inactive, allow

    def modes(self) -> set[str]:
        return self._modes

    def inactive_layers(self) -> list[str]:
        return self._inactive


def test_what_the_sandbox_lacked_here_is_said_and_nothing_when_all_held() -> None:
    why = ["namespaces: unavailable: unshare(root): Operation not permitted"]
    assert local.sandbox_notes(FakePool({"root"}, [], False), "en") == []  # type: ignore[arg-type]
    none = local.sandbox_notes(FakePool({"none"}, why, False), "en")  # type: ignore[arg-type]
    assert none == [t("client.sandbox_none", "en", why=why[0])] and "not run" in none[0]
    loose = local.sandbox_notes(FakePool({"none"}, why, True), "ru")  # type: ignore[arg-type]
    assert loose == [t("client.sandbox_unconfined", "ru", why=why[0])] and "БЕЗ изоляции" in loose[0]
    partial = local.sandbox_notes(FakePool({"userns"}, ["seccomp: x"], False), "en")  # type: ignore[arg-type]
    assert partial == [t("client.sandbox_partial", "en", layers="seccomp: x")]
    report = CheckReport(answer(), title="GELU", graded_by="this machine", notes=none)
    assert none[0] in str(report) and markup.escape(none[0]) in report._repr_html_()


def test_a_machine_that_is_not_linux_says_so_before_running_anything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.platform", "darwin")
    with pytest.raises(LocalUnavailable, match=r"\(darwin\) cannot run the judge's sandbox.*server=URL"):
        local.grade_here("gelu", from_text("def gelu(x):\n    return x\n"), track=None, lang="en")


@pytest.mark.parametrize(("env", "lang"), [
    ({"LANG": "ru_RU.UTF-8"}, "ru"), ({"LC_ALL": "en_US", "LANG": "ru_RU"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({}, "en")])
def test_the_notebooks_language_follows_its_locale(monkeypatch: pytest.MonkeyPatch, env: dict[str, str],
                                                    lang: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert notebook._lang(None) == lang
    assert notebook._lang("RU") == "ru"


def test_show_hint_and_exercises_read_this_machines_course() -> None:
    shown = notebook.show("gelu", lang="ru")
    assert shown.markdown.startswith("# GELU через приближение с tanh") and "```python" in shown.markdown
    assert "Hint 2 of" in str(notebook.hint("gelu", 2, lang="en"))
    with pytest.raises(notebook.BadArgument, match="there is no hint 99"):
        notebook.hint("gelu", 99, lang="en")
    listed = notebook.exercises(lang="en")
    assert "gelu" in listed.slugs and "| `gelu` |" in listed._repr_markdown_()


def test_import_mljudge_stays_cheap_and_check_is_there_on_first_use() -> None:
    import subprocess
    import sys

    code = ("import sys, mljudge; assert 'numpy' not in sys.modules and 'mljudge.notebook' not in sys.modules; "
            "assert callable(mljudge.check) and 'mljudge.notebook' in sys.modules; "
            "assert {'check', 'show', 'hint', 'exercises'} <= set(dir(mljudge))")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
