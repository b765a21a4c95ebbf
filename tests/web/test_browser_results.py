"""The results panel in Chromium with the real sandbox: a new run dims the old verdict; hints come only where they
help, numbered as the button says, and the learner's place in them is kept per exercise in every language;
each thing is said once; the last verdict survives a reload; every character shown has a glyph in the fonts."""

from __future__ import annotations

import shutil
import subprocess
from functools import cache
from typing import Any

import pytest

from tests.web.conftest import (
    Tab,
    case_statuses,
    gelu_file,
    get_code,
    open_exercise,
    run,
    runs,
    set_code,
    shown_hints,
    wait_for_report,
)

NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")
LOOP = gelu_file("submissions/time_limit/infinite_loop.py")
SYNTAX = gelu_file("submissions/compile_error/syntax.py")
SHAPE_BUG = gelu_file("submissions/runtime_error/shape_bug.py")
F_GELU = gelu_file("submissions/forbidden/f_gelu.py")  # the torch track's forbidden shortcut, at line 5 col 12
NAME_ERROR = ("import numpy as np\n\n\ndef gelu(x):\n"
              "    return 0.5 * x * (1 + np.tanh(0.79788 * (x + 0.044715 * x**3))) + undefined_thing\n")


@cache
def has_glyph(char: str) -> bool:
    """Whether an installed font has `char` (fontconfig; the page's fonts are the system's)."""
    found = subprocess.run(["fc-list", f":charset={ord(char):x}", "family"], capture_output=True, text=True)
    return bool(found.stdout.strip())


def assert_every_character_has_a_glyph(tab: Tab) -> None:
    if shutil.which("fc-list") is None:
        pytest.skip("fc-list (fontconfig) is missing")
    text = str(tab.page.evaluate("() => document.body.innerText"))
    missing = sorted({c for c in text if ord(c) > 127 and not c.isspace() and not has_glyph(c)})
    assert not missing, f"{tab.page.url} shows characters no installed font has: {missing}"


def opacity(tab: Tab, selector: str) -> float:
    return float(tab.page.eval_on_selector(selector, "e => getComputedStyle(e).opacity"))


def test_a_new_run_dims_the_old_verdict_and_hints_wait_for_verdicts_they_fit(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    # the recognised mistake is there at once, marked as such; the ladder waits for the button
    assert shown_hints(tab) == ["The judge recognised your mistake"]
    tab.page.click("#hint-button")
    assert shown_hints(tab) == ["The judge recognised your mistake", "Hint 1"]

    # a run that takes a while (3 s, then the time limit): meanwhile the wrong answer above is visibly old
    set_code(tab, LOOP)
    before = runs(tab)
    tab.page.click("#run")
    assert tab.page.get_attribute("#result", "aria-busy") == "true"
    assert opacity(tab, ".verdict-row") <= 0.5 and opacity(tab, "#cases-block") <= 0.5
    note = tab.page.locator("#result-note")
    assert note.is_visible() and note.inner_text().startswith("Running your code")
    assert opacity(tab, "#result-note") == 1
    tab.screenshot("result-running")
    assert wait_for_report(tab, before) == "Time limit exceeded"
    assert tab.page.get_attribute("#result", "aria-busy") is None and opacity(tab, ".verdict-row") == 1
    assert note.is_hidden()
    # the hints the learner read do not come back where they cannot help
    assert tab.page.is_hidden("#hints-block")
    # the status icons are drawn, not font glyphs (⧗ is in none of Debian's standard fonts)
    icon = tab.page.locator('#cases tr[data-status="timeout"] svg.icon')
    box = icon.bounding_box()
    assert box is not None and box["width"] > 5 and box["height"] > 5
    assert_every_character_has_a_glyph(tab)

    for code, verdict in [(SYNTAX, "Does not compile"), (NAME_ERROR, "Runtime error")]:
        set_code(tab, code)
        assert run(tab) == verdict
        assert tab.page.is_hidden("#hints-block"), verdict
    # a runtime error in the maths does get them, from where the learner left off
    set_code(tab, SHAPE_BUG)
    assert run(tab) == "Runtime error"
    assert shown_hints(tab) == ["Hint 1"]
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    assert shown_hints(tab) == ["The judge recognised your mistake", "Hint 1"]
    tab.page.click('input[name="track"][value="torch"]')
    set_code(tab, F_GELU)
    assert run(tab) == "Forbidden"
    # a refusal gets the hint that explains it, at once (the judge decides it, as for the terminal); no ladder
    assert shown_hints(tab) == ["About your code"] and tab.page.is_hidden("#hint-button")


def test_hints_are_numbered_as_the_button_says_and_kept_in_every_language(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    button = tab.page.locator("#hint-button")
    assert shown_hints(tab) == ["The judge recognised your mistake"]  # without a click
    for n in (1, 2):
        assert button.inner_text() == f"Show the next hint ({n} of 4)"
        button.click()
        assert shown_hints(tab)[-1] == f"Hint {n}"  # the hint the button promised
    assert tab.page.evaluate("() => document.activeElement.dataset.index") == "2"  # focus on the new hint

    # the place is kept per exercise, in every language: in Russian the learner goes on from hint 3
    tab.page.click('.lang-switch a[lang="ru"]')
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert get_code(tab) == NO_CUBIC
    assert run(tab) == "Неверный ответ"
    assert shown_hints(tab) == ["Судья узнал вашу ошибку", "Подсказка 1", "Подсказка 2"]
    assert button.inner_text() == "Следующая подсказка (3 из 4)"
    # code without the recognised mistake: the ladder only, where the learner left it
    set_code(tab, "import numpy as np\n\n\ndef gelu(x):\n    return x\n")
    assert run(tab) == "Неверный ответ"
    assert shown_hints(tab) == ["Подсказка 1", "Подсказка 2"]
    # hints are set as written: hint 3's slips a list, hint 4's code a block of code (text nodes, never HTML)
    button.click()
    button.click()
    assert shown_hints(tab)[-2:] == ["Подсказка 3", "Подсказка 4"]
    third, fourth = (tab.page.locator(f'#hints li.hint[data-index="{i}"] .hint-text') for i in (2, 3))
    assert third.locator("ul > li").count() == 4
    code = fourth.locator("pre > code")
    assert code.count() == 1 and code.inner_text().splitlines() == [
        "c = math.sqrt(2 / math.pi)          # import math в начале файла",
        "inner = c * (x + 0.044715 * x**3)",
        "return 0.5 * x * (1 + np.tanh(inner))"]
    assert fourth.locator("p").first.inner_text() == "Почти готовое решение:"


def test_each_thing_is_said_once(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NAME_ERROR)
    assert run(tab) == "Runtime error"
    result = tab.page.inner_text("#result")
    assert result.count("is not defined") == 1, result
    # the visible cases say what went wrong; a hidden one only that it failed
    assert case_statuses(tab) == ["error"] * 2 + ["failed"] * 4
    details = [str(d) for d in tab.page.eval_on_selector_all("#cases .case-detail", "ds => ds.map(d => d.innerText)")]
    assert len(details) == len(set(details)), details  # no message twice
    assert all(d.startswith("Cases ") for d in details), details  # a shared message names its cases, once
    # the learner's line, quoted in monospace after its label
    quote = tab.page.locator("#message .quote-code")
    assert "undefined_thing" in quote.inner_text()
    assert "mono" in quote.evaluate("e => getComputedStyle(e).fontFamily").lower()
    tab.screenshot("result-name-error")

    # a refusal: once, as a problem in the code, with the `name` as code and a caret under its column
    tab.page.click('input[name="track"][value="torch"]')
    set_code(tab, F_GELU)
    assert run(tab) == "Forbidden"
    result = tab.page.inner_text("#result")
    assert result.count("is not allowed in this exercise") == 1, result
    assert "`" not in result
    assert tab.page.is_hidden("#message") and tab.page.is_hidden("#cases-block")  # nothing ran: no table
    issue = tab.page.locator("#issues li")
    assert issue.locator(".prose code").first.inner_text() == "torch.nn.functional.gelu"
    # line 5 is `    return F.gelu(x, approximate="tanh")`: column 12 is the F, quoted without the indentation
    assert issue.locator(".caret-quote").inner_text() == 'return F.gelu(x, approximate="tanh")\n' + " " * 7 + "^"
    tab.page.click('input[name="track"][value="numpy"]')

    set_code(tab, SYNTAX)
    assert run(tab) == "Does not compile"
    assert tab.page.locator("#issues li").count() == 1
    # line 4, column 12: right after "def gelu(x)", where the colon is missing
    assert tab.page.locator("#issues .link-button").inner_text() == "line 4, column 12:"
    assert tab.page.locator("#issues .caret-quote").inner_text() == "def gelu(x)\n" + " " * 11 + "^"
    assert tab.page.is_hidden("#cases-block")
    tab.screenshot("result-compile-error")


def test_the_last_verdict_survives_a_reload_per_track(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    tab.page.reload()
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert tab.page.is_visible("#result") and tab.page.inner_text("#verdict") == "Wrong answer"
    assert tab.page.get_attribute("#result", "data-restored") == "true"
    note = tab.page.inner_text("#result-note")
    assert note.startswith("Your last run,") and "changed" not in note
    assert "failed" in case_statuses(tab) and tab.page.is_visible("#plot canvas")

    # edited since: it says so
    tab.page.click(".cm-content")
    tab.page.keyboard.press("Control+End")
    tab.page.keyboard.type("# more", delay=20)
    tab.page.reload()
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert "changed since" in tab.page.inner_text("#result-note")

    # per track: the PyTorch track has no run yet; back in NumPy, the wrong answer is there again
    tab.page.click('input[name="track"][value="torch"]')
    assert tab.page.is_hidden("#result")
    tab.page.click('input[name="track"][value="numpy"]')
    assert tab.page.inner_text("#verdict") == "Wrong answer"
    tab.screenshot("result-restored")


@pytest.mark.parametrize("path", ["/", "/?lang=ru", "/lessons/gelu", "/lessons/gelu?lang=ru",
                                  "/exercises/gelu?lang=ru"])
def test_every_character_on_the_pages_has_a_glyph(tab: Tab, path: str, request: Any) -> None:
    tab.goto(path)
    tab.page.wait_for_load_state("networkidle")
    assert_every_character_has_a_glyph(tab)


def test_the_last_verdict_changes_language_without_running_again(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    posted: list[str] = []
    tab.page.on("request", lambda r: posted.append(r.url) if r.method == "POST" else None)
    tab.page.click('.lang-switch a[lang="ru"]')
    tab.page.wait_for_function("() => document.getElementById('verdict').innerText === 'Неверный ответ'",
                               timeout=15_000)
    assert tab.page.get_attribute("#result", "data-restored") == "true"
    shown = tab.page.inner_text("#result")
    assert "Пройдено тестов: 0 из 6" in shown and "не совпадают" in shown and "differ" not in shown, shown
    assert [u for u in posted if "/submissions" in u] == [], posted  # said again, not graded again
    assert any(u.endswith("/api/reports/render") for u in posted), posted


def test_nan_reads_bare_and_a_matrix_one_row_a_line(tab: Tab) -> None:
    """NaN comes as the string "nan" (JSON has none): it reads nan, as in the terminal, not "nan". A 2 × 3 value is
    two rows of three, each on a line of its own, not one list wrapped wherever the cell ends."""
    open_exercise(tab, "/exercises/softmax")
    set_code(tab, "import numpy as np\n\n\ndef softmax(x, temperature=1.0, axis=-1):\n"
                  "    return np.asarray(x) * np.nan\n")
    assert run(tab) == "Wrong answer"
    got = tab.page.locator('#cases tr[data-case="example-rows"] td[data-label="Got"]')
    assert '"' not in got.inner_text() and "nan" in got.inner_text()
    for column in ("Expected", "Got"):
        rows = tab.page.locator(f'#cases tr[data-case="example-rows"] td[data-label="{column}"] code.value .value-row')
        assert rows.count() == 2
        # never wrapped inside: as tall as one of its numbers
        assert rows.evaluate_all("""rs => rs.map(r => r.getBoundingClientRect().height
            <= 1.5 * r.querySelector('.num').getBoundingClientRect().height)""") == [True, True]
        tops = rows.evaluate_all("rs => rs.map(r => Math.round(r.getBoundingClientRect().top))")
        assert tops[0] < tops[1]  # each on its own line
