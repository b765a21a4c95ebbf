"""Phones (390 × 844, touch, no hover) and the screenshots of every page at both widths in both languages.

On a phone the exercise is three parts, each one tap away in a sticky switcher: the task, the code (the editor
the screen's full width, lines wrapped), the result (cases as cards that fit). Nothing runs off the side of the
screen without saying that it scrolls, and no keyboard shortcut is offered where there is no keyboard.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.conftest import (
    DESKTOP,
    EXERCISES,
    PHONE,
    LiveServer,
    Tab,
    check_clean,
    gelu_file,
    in_view,
    open_exercise,
    open_lesson,
    open_tab,
    run,
    set_code,
)

NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")
SOLUTION = gelu_file("solutions/numpy.py")
SLUGS = sorted(p.parent.name for p in EXERCISES.glob("*/exercise.toml"))
EVERY_PAGE = ["/", *(f"/exercises/{slug}" for slug in SLUGS),
              *(f"/lessons/{slug}" for slug in SLUGS if (EXERCISES / slug / "lesson.toml").is_file())]


@pytest.fixture(scope="module")
def phone(browser: Any, live_server: LiveServer) -> Iterator[Tab]:
    """One phone tab for the tests that only look at pages (a fresh context per page would cost more than the
    look itself)."""
    context, result = open_tab(browser, live_server.url, viewport=PHONE, phone=True)
    yield result
    context.close()
    check_clean(result)


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
    assert editor is not None and editor["width"] >= 0.9 * PHONE["width"]  # the screen's width, near enough
    assert editor["y"] < PHONE["height"] / 2
    # 16 px: iOS zooms into a field with a smaller font when it takes focus
    assert tab.page.eval_on_selector(".cm-content", "c => getComputedStyle(c).fontSize") == "16px"
    assert tab.page.is_hidden("#keys-help")  # no "Ctrl + Enter" without a keyboard
    scroller = tab.page.locator(".cm-scroller")
    assert scroller.evaluate("el => el.scrollWidth - el.clientWidth") <= 0  # lines wrap
    columns = tab.page.evaluate("""() => {
        const c = document.querySelector('.cm-content'), probe = document.createElement('span');
        probe.textContent = 'x'.repeat(10); document.querySelector('.cm-line').append(probe);
        const w = probe.getBoundingClientRect().width / 10; probe.remove();
        return Math.floor((c.clientWidth - 8) / w); }""")
    assert columns >= 32, f"the editor shows only {columns} columns"  # at 16 px, beside its gutters

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


@pytest.mark.parametrize("path", EVERY_PAGE)
def test_no_page_is_wider_than_a_phone(phone: Tab, path: str) -> None:
    """Every page of the course, lesson and exercise alike: long inline code (torch.nn.functional.scaled_dot_product_
    attention) breaks instead of pushing the page sideways; a wide table or code block scrolls in its own box."""
    phone.goto(path)
    phone.page.wait_for_load_state("load")
    if path.startswith("/lessons/"):
        phone.page.wait_for_function("() => window.mljLesson !== undefined")
        phone.page.evaluate("() => window.mljLesson.ready")
    nothing_runs_off_the_side(phone)


def test_wrapped_editor_lines_hang_past_their_indentation(new_tab: Any) -> None:
    tab = new_tab(viewport=PHONE, phone=True)
    open_exercise(tab)
    tap(tab, '.pane-button[data-pane="code"]')
    set_code(tab, "def f(x):\n    return x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x + x\n")
    # where each visual row of line 2 starts, in character widths from the content's left edge
    rows = tab.page.evaluate("""() => {
        const view = window.mljExercise.editor.view, line = view.state.doc.line(2);
        const left = view.contentDOM.getBoundingClientRect().left + 6, width = view.defaultCharacterWidth;
        const starts = new Map();
        for (let pos = line.from; pos < line.to; pos++) {
          const box = view.coordsAtPos(pos, 1);
          if (line.text[pos - line.from] !== " " && !starts.has(Math.round(box.top)))
            starts.set(Math.round(box.top), Math.round((box.left - left) / width));
        }
        return [...starts.values()]; }""")
    assert len(rows) >= 2, "the line should wrap on a phone"
    assert rows[0] == 4 and all(start == 8 for start in rows[1:]), rows  # its own 4 spaces, then 4 more


def test_the_result_tab_s_dot_says_accepted_in_green(new_tab: Any) -> None:
    tab = new_tab(viewport=PHONE, phone=True)
    open_exercise(tab)
    tap(tab, '.pane-button[data-pane="code"]')
    dot = "() => getComputedStyle(document.getElementById('result-badge')).backgroundColor"
    set_code(tab, NO_CUBIC)
    assert run(tab) == "Wrong answer"
    assert tab.page.evaluate(dot) == "rgb(164, 14, 38)"  # --bad
    tap(tab, '.pane-button[data-pane="code"]')
    set_code(tab, SOLUTION)
    assert run(tab) == "Accepted"
    assert tab.page.evaluate(dot) == "rgb(26, 127, 55)"


@pytest.mark.parametrize("slug", ["gelu", "attention"])
def test_a_lesson_s_views_sit_right_above_its_tasks(phone: Tab, slug: str) -> None:
    """On a phone the views (plot, panels) come after the text, just before the tasks that are answered from them:
    not 4,000 px above the first task."""
    open_lesson(phone, f"/lessons/{slug}")
    views = phone.page.locator(".lesson-plot").bounding_box()
    first_task = phone.page.locator("form.task").first.bounding_box()
    text = phone.page.locator(".lesson-text").bounding_box()
    assert views is not None and first_task is not None and text is not None
    assert text["y"] + text["height"] <= views["y"]
    assert 0 <= first_task["y"] - (views["y"] + views["height"]) <= 150


def test_every_step_of_lstm_s_timeline_is_a_target_a_finger_hits(phone: Tab) -> None:
    open_lesson(phone, "/lessons/lstm-cell")
    phone.page.wait_for_selector(".panel-body[data-ready='true']")
    grid = phone.page.evaluate("""() => { const t = window.mljLesson.panels['forget-gate'].timeline;
        const a = t.center(0, 0), b = t.center(0, 1), c = t.center(1, 0);
        return {rows: t.rows, cols: t.cols, width: b.x - a.x, height: c.y - a.y}; }""")
    assert grid["rows"] * grid["cols"] == 100
    assert grid["width"] >= 24 and grid["height"] >= 24, grid
    phone.page.locator('canvas[data-role="timeline"]').scroll_into_view_if_needed()
    last = phone.page.evaluate("() => window.mljLesson.panels['forget-gate'].timeline.center(9, 9)")
    phone.page.touchscreen.tap(last["x"], last["y"])
    assert phone.page.evaluate("() => window.mljLesson.panels['forget-gate'].state().writes") == [1, 100]
