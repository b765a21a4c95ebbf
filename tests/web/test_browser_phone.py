"""Phones (390 × 844, touch, no hover) and the screenshots of every page at both widths in both languages.

On a phone the exercise is three parts, each one tap away in a sticky switcher: the task, the code (the editor
the screen's full width, lines wrapped), the result (cases as cards that fit). Nothing runs off the side of the
screen without saying that it scrolls, and no keyboard shortcut is offered where there is no keyboard.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, Tab, gelu_file, in_view, open_exercise, open_lesson, run, set_code

NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")


def nothing_runs_off_the_side(tab: Tab) -> None:
    """The page itself never scrolls sideways, and every box that does is marked and says so."""
    width = tab.page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    boxes = tab.page.eval_on_selector_all(
        "[data-scroll-cue]",
        """els => els.filter(e => e.offsetParent !== null).map(e => ({
             overflows: e.scrollWidth > e.clientWidth + 1, marked: e.dataset.scrolls === "true",
             cue: !!(e.nextElementSibling && e.nextElementSibling.classList.contains("scroll-cue")
                     && e.nextElementSibling.offsetParent !== null)}))""")
    for box in boxes:
        assert box["overflows"] == box["marked"] and box["cue"] == box["overflows"], box


def tap(tab: Tab, selector: str) -> None:
    tab.page.locator(selector).tap()


def test_the_prompt_the_editor_and_the_result_are_one_tap_away(new_tab: Any) -> None:
    tab = new_tab(viewport=PHONE, phone=True)
    open_exercise(tab)
    switch = tab.page.locator("#pane-switch")
    assert in_view(tab, "#pane-switch")  # on the first screen, not 5,000 px down
    assert tab.page.is_visible("#pane-prompt") and tab.page.is_hidden("#pane-code")
    assert tab.page.get_attribute("#pane-switch", "role") == "tablist"
    nothing_runs_off_the_side(tab)  # the prompt's table and code blocks too

    tap(tab, '.pane-button[data-pane="code"]')
    assert tab.page.is_hidden("#pane-prompt") and tab.page.is_visible(".cm-editor")
    editor = tab.page.locator(".cm-editor").bounding_box()
    assert editor is not None and editor["width"] >= PHONE["width"] - 50  # the screen's width, near enough
    assert editor["y"] < PHONE["height"] / 2
    assert tab.page.is_hidden("#keys-help")  # no "Ctrl + Enter" without a keyboard
    scroller = tab.page.locator(".cm-scroller")
    assert scroller.evaluate("el => el.scrollWidth - el.clientWidth") <= 0  # lines wrap
    columns = tab.page.evaluate("""() => {
        const c = document.querySelector('.cm-content'), probe = document.createElement('span');
        probe.textContent = 'x'.repeat(10); document.querySelector('.cm-line').append(probe);
        const w = probe.getBoundingClientRect().width / 10; probe.remove();
        return Math.floor((c.clientWidth - 8) / w); }""")
    assert columns >= 36, f"the editor shows only {columns} columns"

    # Run: the result comes up by itself; the switcher stays on screen while the learner scrolls
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    assert tab.page.get_attribute('.pane-button[data-pane="result"]', "aria-selected") == "true"
    assert tab.page.is_visible("#result") and tab.page.is_hidden(".cm-editor")
    nothing_runs_off_the_side(tab)
    tab.page.mouse.wheel(0, 1500)
    tab.page.evaluate("() => window.scrollBy(0, 1500)")
    box = switch.bounding_box()
    assert box is not None and 0 <= box["y"] <= 1
    tab.screenshot("phone-exercise-result")
    # every case's values are labelled and fit on the screen
    first = tab.page.locator('#cases tr[data-case="example-1"]')
    labels = first.locator("td[data-label]:not(.case-status)").evaluate_all(
        "tds => tds.map(td => getComputedStyle(td, '::before').content.replace(/\"/g, ''))")
    assert labels == ["Input", "Expected", "Got"]
    row = first.bounding_box()
    assert row is not None and row["x"] + row["width"] <= PHONE["width"]

    tap(tab, '.pane-button[data-pane="prompt"]')
    assert tab.page.is_visible("#pane-prompt") and in_view(tab, "#pane-switch")


def test_the_result_part_says_what_to_do_before_a_run(new_tab: Any) -> None:
    tab = new_tab(viewport=PHONE, phone=True)
    open_exercise(tab, "/exercises/gelu?lang=ru")
    tap(tab, '.pane-button[data-pane="result"]')
    assert tab.page.inner_text("#result-empty") == "Запустите код, и здесь появится вердикт."


PAGES = {"catalogue": "/", "exercise": "/exercises/gelu", "lesson": "/lessons/gelu"}
HEADINGS = {("catalogue", "ru"): "Нейросети с самых основ", ("lesson", "ru"): "GELU: провал ниже нуля",
            ("exercise", "ru"): "GELU через приближение с tanh", ("exercise", "en"): "GELU with the tanh approximation"}


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", list(PAGES))
def test_screenshots_of_every_page(new_tab: Any, name: str, lang: str, size: str) -> None:
    """test-artifacts/screenshots/page-<name>-<lang>-<size>.png, to look at; the exercise with a wrong answer."""
    phone = size == "phone"
    tab = new_tab(viewport=PHONE if phone else DESKTOP, phone=phone)
    path = f"{PAGES[name]}?lang={lang}"
    if name == "exercise":
        open_exercise(tab, path)
        if phone:
            tap(tab, '.pane-button[data-pane="code"]')
        set_code(tab, NO_CUBIC)
        run(tab)
    elif name == "lesson":
        open_lesson(tab, path)
    else:
        tab.goto(path)
    tab.page.wait_for_load_state("networkidle")
    assert tab.page.get_attribute("html", "lang") == lang
    if (name, lang) in HEADINGS:
        assert tab.page.inner_text("h1") == HEADINGS[(name, lang)]
    if phone:
        nothing_runs_off_the_side(tab)
    tab.screenshot(f"page-{name}-{lang}-{size}")
