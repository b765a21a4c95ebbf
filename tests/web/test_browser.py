"""End to end in Chromium against the live server with a real sandbox: what a learner does, click by click.

Every test runs in a fresh browser context; the `tab` fixture fails a test whose page requested anything from
another host, hit a CSP violation, logged a script error or opened a dialog-free alert. Screenshots of each
page go to test-artifacts/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Tab, gelu_file

SOLUTION = gelu_file("solutions/numpy.py")
NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")
TORCH_SOLUTION = gelu_file("solutions/torch.py")


def open_exercise(tab: Tab, path: str = "/exercises/gelu") -> None:
    tab.goto(path)
    tab.page.wait_for_selector(".cm-content")
    tab.page.wait_for_function("() => window.mljExercise !== undefined")


def set_code(tab: Tab, code: str) -> None:
    tab.page.evaluate("code => window.mljExercise.editor.setDoc(code)", code)


def get_code(tab: Tab) -> str:
    return str(tab.page.evaluate("() => window.mljExercise.editor.getDoc()"))


def runs(tab: Tab) -> int:
    return int(tab.page.evaluate("() => Number(document.getElementById('result').dataset.runs || 0)"))


def run(tab: Tab, *, keyboard: bool = False) -> str:
    """Run the code (button or Ctrl+Enter) and wait for the new report; returns the verdict shown."""
    before = runs(tab)
    if keyboard:
        tab.page.locator(".cm-content").press("Control+Enter")
    else:
        tab.page.click("#run")
    tab.page.wait_for_function(f"() => Number(document.getElementById('result').dataset.runs || 0) > {before}")
    return tab.page.inner_text("#verdict")


def case_statuses(tab: Tab) -> list[str]:
    rows = tab.page.eval_on_selector_all("#cases tbody tr[data-status]", "rows => rows.map(r => r.dataset.status)")
    return [str(s) for s in rows]


def test_type_a_correct_solution_and_get_accepted(tab: Tab) -> None:
    open_exercise(tab)
    assert "raise NotImplementedError" in get_code(tab)  # the starter
    body, last = SOLUTION.rstrip("\n").rsplit("\n", 1)
    set_code(tab, body)  # bulk text through the editor's API ...
    editor = tab.page.locator(".cm-content")
    editor.click()
    tab.page.keyboard.press("Control+End")
    tab.page.keyboard.press("Enter")  # ... and the last line typed for real: CodeMirror indents it
    tab.page.keyboard.type(last.strip())
    assert get_code(tab).rstrip() == SOLUTION.rstrip()

    assert run(tab, keyboard=True) == "Accepted"
    assert case_statuses(tab) == ["passed"] * 6
    assert tab.page.inner_text("#message") == "All 6 cases passed."
    assert tab.page.is_hidden("#hints-block")
    assert tab.page.is_visible("#plot canvas")
    assert tab.page.is_hidden("#plot-diff-block")
    tab.screenshot("exercise-accepted")

    # the draft survives a reload, and the catalogue now says "solved"
    tab.page.reload()
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert get_code(tab).rstrip() == SOLUTION.rstrip()
    tab.goto("/")
    card = tab.page.locator('.card[data-slug="gelu"]')
    assert card.locator(".state").inner_text() == "solved"
    assert tab.page.locator("h2", has_text="New bends").is_visible()
    tab.screenshot("catalogue")


def test_missing_cubic_term_shows_the_mistake_hint_and_both_curves(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    assert "failed" in case_statuses(tab)
    first = tab.page.locator('#cases tr[data-case="example-1"]')
    assert first.locator("mark.diff").count() == 4  # entries 0 and 2, in "expected" and in "got"
    assert "0.841192" in first.inner_text() and "0.831426" in first.inner_text()
    hidden = tab.page.locator('#cases tr[data-case="large"]')
    assert "hidden" in hidden.inner_text()

    # hints one at a time: the one about this mistake first, then the escalating ones
    button = tab.page.locator("#hint-button")
    assert button.inner_text() == "Show a hint"
    button.click()
    hints = tab.page.locator("#hints li")
    assert hints.count() == 1
    assert "About your mistake" in hints.nth(0).inner_text()
    assert "The cubic term is missing" in hints.nth(0).inner_text()
    assert button.inner_text() == "Show the next hint (2 of 5)"
    button.click()
    assert "Hint 1" in hints.nth(1).inner_text()

    # your curve against the right one, on the same axes
    assert tab.page.is_visible("#plot canvas")
    legend = tab.page.inner_text("#plot .u-legend")
    assert "right answer" in legend and "your function" in legend
    assert tab.page.is_hidden("#plot-note")
    # and the difference on its own scale, where a 0.02 error is plain to see
    assert tab.page.is_visible("#plot-diff canvas")
    assert "your function − right answer" in tab.page.inner_text("#plot-diff .u-legend")
    tab.screenshot("exercise-wrong-answer")
    assert tab.page.evaluate("() => localStorage.getItem('mlj:state:gelu')") == "attempted"


def shown_hints(tab: Tab) -> list[str]:
    return [str(h) for h in tab.page.eval_on_selector_all("#hints li .hint-label", "ls => ls.map(l => l.textContent)")]


def test_revealed_hints_stay_revealed_across_runs_and_reloads(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    button = tab.page.locator("#hint-button")
    for _ in range(3):
        button.click()
    assert shown_hints(tab) == ["About your mistake", "Hint 1", "Hint 2"]

    # the same mistake again: the three stay open, and the button goes on from the fourth
    assert run(tab) == "Wrong answer"
    assert shown_hints(tab) == ["About your mistake", "Hint 1", "Hint 2"]
    assert button.inner_text() == "Show the next hint (4 of 5)"
    assert tab.page.evaluate("() => localStorage.getItem('mlj:hints:gelu:en')") == "3"

    # ... after a reload too
    tab.page.reload()
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert run(tab) == "Wrong answer"
    assert shown_hints(tab) == ["About your mistake", "Hint 1", "Hint 2"]

    # a run with other hints (no recognised mistake: the escalating ones only) shows as many of those
    set_code(tab, "import numpy as np\n\n\ndef gelu(x):\n    return x\n")
    assert run(tab) == "Wrong answer"
    assert shown_hints(tab) == ["Hint 1", "Hint 2", "Hint 3"]
    assert button.inner_text() == "Show the next hint (4 of 4)"
    button.click()
    assert shown_hints(tab) == ["Hint 1", "Hint 2", "Hint 3", "Hint 4"] and button.is_hidden()
    # and back to the mistake: its hint first, then up to the four now revealed
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    assert shown_hints(tab) == ["About your mistake", "Hint 1", "Hint 2", "Hint 3"]

    # kept per language: in Russian the learner has not read any yet
    tab.goto("/exercises/gelu?lang=ru")
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert run(tab) == "Неверный ответ"
    assert shown_hints(tab) == [] and button.inner_text() == "Показать подсказку"


def test_pytorch_code_in_the_numpy_track_offers_to_switch(tab: Tab) -> None:
    open_exercise(tab)
    assert tab.page.is_checked('input[name="track"][value="numpy"]')
    set_code(tab, TORCH_SOLUTION)
    run(tab)
    assert tab.page.inner_text("#verdict") == "This looks like PyTorch code — switch to the PyTorch track"
    assert "Forbidden" not in tab.page.inner_text("#result")
    for block in ("#issues-block", "#cases-block", "#hints-block"):
        assert tab.page.is_hidden(block), block
    switch = tab.page.locator("#switch-track")
    assert switch.inner_text() == "Switch to PyTorch and run"
    assert tab.page.evaluate("() => localStorage.getItem('mlj:state:gelu')") is None  # not an attempt
    tab.screenshot("exercise-wrong-track")

    # one click: the code moves to the PyTorch track and runs there
    before = runs(tab)
    switch.click()
    tab.page.wait_for_function(f"() => Number(document.getElementById('result').dataset.runs || 0) > {before}")
    assert tab.page.inner_text("#verdict") == "Accepted"
    assert tab.page.is_hidden("#switch-block")
    assert tab.page.is_checked('input[name="track"][value="torch"]')
    assert get_code(tab) == TORCH_SOLUTION
    assert tab.page.evaluate("() => localStorage.getItem('mlj:state:gelu')") == "solved"
    # the NumPy track is back to its starter, not left holding PyTorch code
    tab.page.click('input[name="track"][value="numpy"]')
    assert "raise NotImplementedError" in get_code(tab) and "torch" not in get_code(tab)


def test_pytorch_code_in_the_numpy_track_in_russian(tab: Tab) -> None:
    open_exercise(tab, "/exercises/gelu?lang=ru")
    set_code(tab, TORCH_SOLUTION)
    run(tab)
    assert tab.page.inner_text("#verdict") == "Похоже, это код на PyTorch — переключитесь на трек PyTorch"
    assert tab.page.inner_text("#switch-track") == "Переключиться на PyTorch и запустить"


def test_switch_to_russian(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    tab.page.click('.lang-switch a[lang="ru"]')  # leaving the page saves the draft at once
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert tab.page.get_attribute("html", "lang") == "ru"
    assert tab.page.locator(".prompt h2", has_text="Предыстория").is_visible()
    assert tab.page.inner_text("#run") == "Запустить"
    assert get_code(tab) == NO_CUBIC  # the draft came along
    assert run(tab) == "Неверный ответ"
    tab.page.click("#hint-button")
    assert "Не хватает кубического слагаемого" in tab.page.inner_text("#hints")
    tab.screenshot("exercise-ru")
    # remembered: the catalogue opens in Russian too
    tab.goto("/")
    assert tab.page.locator("h2", has_text="Новые изгибы").is_visible()


def test_tracks_keep_their_own_drafts(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, NO_CUBIC)
    tab.page.click('input[name="track"][value="torch"]')
    assert "import torch" in get_code(tab)  # the torch starter
    set_code(tab, TORCH_SOLUTION)
    assert run(tab) == "Accepted"
    tab.page.click('input[name="track"][value="numpy"]')
    assert get_code(tab) == NO_CUBIC


def test_printed_html_stays_text(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, "import numpy as np\n\n\ndef gelu(x):\n"
                  "    print(\"<script>alert('xss')</script><img src=x onerror=alert(1)>\")\n    return x\n")
    assert run(tab) == "Wrong answer"
    output = tab.page.locator("#stdout")
    assert "<script>alert('xss')</script>" in output.inner_text()
    assert output.locator("script, img").count() == 0
    tab.page.wait_for_timeout(200)
    assert tab.dialogs == []


def _plot_position(tab: Tab, x: float) -> tuple[float, float]:
    """Page coordinates of data x on the lesson plot (uPlot's own scale), at mid-height."""
    box = tab.page.locator("#lesson-plot .u-over").bounding_box()
    assert box is not None
    left = tab.page.evaluate(f"() => window.mljLesson.plot.plot.valToPos({x}, 'x')")
    return box["x"] + left, box["y"] + box["height"] / 2


def readout(tab: Tab, key: str) -> float:
    return float(tab.page.get_attribute(f'#readout dd[data-key="{key}"]', "data-value") or "nan")


def test_drag_along_the_lesson_plot(tab: Tab) -> None:
    tab.goto("/lessons/gelu")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    assert readout(tab, "x") == 0.0  # starts at x = 0, where the slope is ½
    assert readout(tab, "exact-slope") == pytest.approx(0.5)

    start = _plot_position(tab, -2.0)
    end = _plot_position(tab, -0.75)
    tab.page.mouse.move(*start)
    tab.page.mouse.down()
    tab.page.mouse.move(*end, steps=12)
    tab.page.mouse.up()
    assert readout(tab, "x") == pytest.approx(-0.75, abs=0.02)
    assert readout(tab, "exact") == pytest.approx(-0.17, abs=0.002)
    assert readout(tab, "tanh") == pytest.approx(-0.17, abs=0.002)
    assert abs(readout(tab, "exact-slope")) < 0.03  # the lowest point: the slope crosses zero here
    assert abs(readout(tab, "difference")) < 0.001
    shown = tab.page.inner_text('#readout dd[data-key="exact"]')
    assert shown.startswith("\u22120.1699") or shown.startswith("\u22120.1700")

    # the slider moves the cursor too, one grid step per arrow key
    before = readout(tab, "x")
    tab.page.focus("#cursor")
    tab.page.keyboard.press("ArrowRight")
    assert readout(tab, "x") == pytest.approx(before + 0.01, abs=1e-9)
    tab.screenshot("lesson-cursor")


@pytest.mark.parametrize(("slug", "label"), [("dropout", "p, the drop probability"),
                                           ("embedding", "n, ids looked up")])
def test_lesson_readout_names_its_axis_and_leaves_out_a_meaningless_difference(tab: Tab, slug: str,
                                                                               label: str) -> None:
    tab.goto(f"/lessons/{slug}")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    rows = tab.page.eval_on_selector_all("#readout dt", "ds => ds.map(d => d.textContent)")
    assert rows[0] == label
    assert not any(row.startswith("difference") for row in rows)
    assert tab.page.locator('#readout dd[data-key="difference"]').count() == 0
    assert label in tab.page.inner_text("#lesson-plot")  # the axis (and the legend's first entry)
    tab.screenshot(f"lesson-{slug}")


def test_lesson_readout_keeps_x_and_the_difference_by_default(tab: Tab) -> None:
    tab.goto("/lessons/gelu?lang=ru")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    rows = tab.page.eval_on_selector_all("#readout dt", "ds => ds.map(d => d.textContent)")
    assert rows[0] == "x"
    assert rows[3] == "разность (точная GELU x·Φ(x) − форма с tanh)"


def test_solve_the_try_it_tasks(tab: Tab) -> None:
    tab.goto("/lessons/gelu")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    task = tab.page.locator('form[data-task="lowest-point"]')
    task.get_by_label("x at the lowest point").fill("-0.5")
    task.get_by_label("GELU(x) there").fill("-0.17")
    task.get_by_role("button", name="Check").click()
    feedback = task.locator(".feedback")
    feedback.locator("text=Not quite").wait_for()
    assert task.get_by_label("x at the lowest point").get_attribute("aria-invalid") == "true"
    assert task.get_by_label("GELU(x) there").get_attribute("aria-invalid") == "false"
    assert task.locator(".explanation").is_hidden()

    task.get_by_label("x at the lowest point").fill("−0,75")  # a decimal comma and a real minus work too
    task.get_by_role("button", name="Check").click()
    feedback.locator("text=Right!").wait_for()
    assert "x ≈ −0.752" in task.locator(".explanation").inner_text()

    # the second task, answered from the readout at x = −3
    index = tab.page.evaluate("() => window.mljLesson.plot.plot.data[0].indexOf(-3)")
    tab.page.locator("#cursor").fill(str(index))
    assert readout(tab, "x") == -3.0
    second = tab.page.locator('form[data-task="exact-vs-tanh"]')
    second.get_by_label("exact GELU(−3)").fill(tab.page.inner_text('#readout dd[data-key="exact"]'))
    second.get_by_label("tanh form at −3").fill(tab.page.inner_text('#readout dd[data-key="tanh"]'))
    second.get_by_role("button", name="Check").click()
    second.locator(".feedback", has_text="Right!").wait_for()
    tab.screenshot("lesson-tasks-solved")


@pytest.mark.parametrize("path", ["/?lang=ru", "/lessons/gelu?lang=ru"])
def test_russian_pages(tab: Tab, path: str, request: Any) -> None:
    tab.goto(path)
    tab.page.wait_for_load_state("networkidle")
    assert tab.page.get_attribute("html", "lang") == "ru"
    heading = tab.page.inner_text("h1")
    assert heading in ("Нейросети с самых основ", "GELU: провал ниже нуля")
    tab.screenshot("catalogue-ru" if path.startswith("/?") else "lesson-ru")
