"""End to end in Chromium against the live server with a real sandbox: what a learner does, click by click.

Every test runs in a fresh browser context; the `tab` fixture fails a test whose page requested anything from
another host, hit a CSP violation, logged a script error or opened a dialog-free alert. Screenshots of each
page go to test-artifacts/screenshots/. The other test_browser_*.py files take one part each: the editor, the
results panel, the lesson, phones.
"""

from __future__ import annotations

from tests.web.conftest import Tab, case_statuses, gelu_file, get_code, open_exercise, run, runs, set_code

SOLUTION = gelu_file("solutions/numpy.py")
NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")
TORCH_SOLUTION = gelu_file("solutions/torch.py")


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

    # the recognised mistake at once, marked as recognised; then the escalating hints one at a time
    button = tab.page.locator("#hint-button")
    hints = tab.page.locator("#hints li")
    assert hints.count() == 1
    assert "The judge recognised your mistake" in hints.nth(0).inner_text()
    assert "The cubic term is missing" in hints.nth(0).inner_text()
    # the headline leads with the first visible failure, as the CLI and the JSON do
    assert "First, in the case “published example: −1, 0, 1”: 2 of 3 values differ" in tab.page.inner_text("#message")
    assert button.inner_text() == "Show the next hint (1 of 4)"
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
