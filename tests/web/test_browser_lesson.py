"""The lesson page in Chromium: the cursor follows a mouse, a finger (touch events through the DevTools
protocol, as a phone sends them) or the slider; the plot and its readout stay in view beside every task on a
desktop; a task shows one verdict at a time."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import DESKTOP, PHONE, Tab, in_view, open_lesson, plot_position, readout


def test_drag_along_the_lesson_plot(tab: Tab) -> None:
    open_lesson(tab)
    assert readout(tab, "x") == 0.0  # starts at x = 0, where the slope is ½
    assert readout(tab, "exact-slope") == pytest.approx(0.5)

    start = plot_position(tab, -2.0)
    end = plot_position(tab, -0.75)
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
    open_lesson(tab, f"/lessons/{slug}")
    rows = tab.page.eval_on_selector_all("#readout dt", "ds => ds.map(d => d.textContent)")
    assert rows[0] == label
    assert not any(row.startswith("difference") for row in rows)
    assert tab.page.locator('#readout dd[data-key="difference"]').count() == 0
    # the x axis is labelled so too (drawn on the canvas: read from the chart; the readout is the legend)
    assert tab.page.evaluate("() => window.mljLesson.plot.plot.axes[0].label") == label
    tab.screenshot(f"lesson-{slug}")


def test_lesson_readout_keeps_x_and_the_difference_by_default(tab: Tab) -> None:
    open_lesson(tab, "/lessons/gelu?lang=ru")
    rows = tab.page.eval_on_selector_all("#readout dt", "ds => ds.map(d => d.textContent)")
    assert rows[0] == "x"
    assert rows[3] == "разность (точная GELU x·Φ(x) − форма с tanh)"


def test_solve_the_try_it_tasks(tab: Tab) -> None:
    open_lesson(tab)
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


def test_the_plot_and_its_readout_stay_in_view_beside_every_task(new_tab: Any) -> None:
    """The plot is sticky on a desktop: the learner reads the values for each task off the readout while the task
    is on screen."""
    tab = new_tab(viewport=DESKTOP)
    open_lesson(tab)
    tasks = tab.page.locator("form.task")
    assert tasks.count() >= 2
    for i in range(tasks.count()):
        task = tasks.nth(i)
        task.scroll_into_view_if_needed()
        task.evaluate("form => form.scrollIntoView({block: 'center'})")
        assert in_view(tab, f"form.task >> nth={i}"), f"task {i + 1} is not on screen"
        for part in ("#lesson-plot canvas", "#cursor", "#readout"):
            assert in_view(tab, part), f"{part} is out of view while task {i + 1} is on screen"
        # and it still answers: the slider moves the readout with the task in view
        tab.page.focus("#cursor")
        before = readout(tab, "x")
        tab.page.keyboard.press("ArrowLeft")
        assert readout(tab, "x") == pytest.approx(before - 0.01, abs=1e-9)
    tab.screenshot("lesson-desktop-last-task")


def touch(cdp: Any, kind: str, x: float, y: float) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1, "radiusX": 4, "radiusY": 4, "force": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_finger_drags_the_cursor_along_the_plot(new_tab: Any) -> None:
    tab = new_tab(viewport=PHONE, phone=True)
    open_lesson(tab)
    tab.page.locator("#lesson-plot").scroll_into_view_if_needed()
    assert readout(tab, "x") == 0.0
    cdp = tab.page.context.new_cdp_session(tab.page)
    (x0, y), (x1, _) = plot_position(tab, -2.0), plot_position(tab, -0.75)
    touch(cdp, "touchStart", x0, y)
    steps = 12
    for k in range(1, steps + 1):
        touch(cdp, "touchMove", x0 + (x1 - x0) * k / steps, y)
    touch(cdp, "touchEnd", x1, y)
    assert readout(tab, "x") == pytest.approx(-0.75, abs=0.03)
    assert readout(tab, "exact") == pytest.approx(-0.17, abs=0.003)
    # the guide's level line is on the curve there, not at the finger's height (the middle of the plot)
    guide = tab.page.evaluate("""() => { const u = window.mljLesson.plot.plot, i = u.cursor.idx;
        return {top: u.cursor.top, curve: u.valToPos(u.data[1][i], 'y'), x: u.valToPos(u.data[0][i], 'x'),
                left: u.cursor.left}; }""")
    assert guide["top"] == pytest.approx(guide["curve"], abs=1) and guide["left"] == pytest.approx(guide["x"], abs=1)
    # Horizontal drags are the plot's; vertical ones scroll the page and two fingers still zoom it.
    touch_action = tab.page.eval_on_selector("#lesson-plot .u-over", "e => getComputedStyle(e).touchAction")
    assert "pan-y" in touch_action and "pinch-zoom" in touch_action
    scale = tab.page.evaluate("() => window.visualViewport.scale")
    cx, cy = plot_position(tab, 0.0)
    for kind, spread in [("touchStart", 20), *(("touchMove", 20 + 4 * k) for k in range(1, 16)), ("touchEnd", 0)]:
        fingers = [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": fingers if spread else []})
    tab.page.wait_for_function(f"() => window.visualViewport.scale > {scale} * 1.2")
    tab.screenshot("lesson-phone-touch-drag")


def test_a_pen_or_mouse_drag_past_the_edge_keeps_following(tab: Tab) -> None:
    open_lesson(tab)
    x0, y = plot_position(tab, 1.0)
    box = tab.page.locator("#lesson-plot .u-over").bounding_box()
    assert box is not None
    tab.page.mouse.move(x0, y)
    tab.page.mouse.down()
    tab.page.mouse.move(box["x"] + box["width"] + 40, y, steps=8)  # beyond the right edge: the last grid point
    tab.page.mouse.up()
    assert readout(tab, "x") == pytest.approx(tab.page.evaluate("() => window.mljLesson.plot.plot.data[0].at(-1)"))


def test_a_task_shows_one_verdict_at_a_time(tab: Tab) -> None:
    open_lesson(tab)
    task = tab.page.locator('form[data-task="lowest-point"]')
    feedback = task.locator(".feedback")
    explanation = task.locator(".explanation")
    task.get_by_label("x at the lowest point").fill("-0.75")
    task.get_by_label("GELU(x) there").fill("-0.17")
    task.get_by_role("button", name="Check").click()
    feedback.locator("text=Right!").wait_for()
    assert explanation.is_visible()

    # a later wrong entry: "Not quite" only, not above the old green answer (which would give it away)
    task.get_by_label("x at the lowest point").fill("-0.5")
    task.get_by_role("button", name="Check").click()
    feedback.locator("text=Not quite").wait_for()
    assert explanation.is_hidden() and explanation.inner_html() == ""
    assert "right" not in (feedback.get_attribute("class") or "")
    assert task.get_attribute("data-correct") == "false"
    assert task.get_by_label("GELU(x) there").get_attribute("aria-invalid") == "false"
    assert task.get_by_label("x at the lowest point").get_attribute("aria-invalid") == "true"

    # and right again: the explanation comes back, the red is gone
    task.get_by_label("x at the lowest point").fill("-0.75")
    task.get_by_role("button", name="Check").click()
    feedback.locator("text=Right!").wait_for()
    assert explanation.is_visible() and "wrong" not in (feedback.get_attribute("class") or "")


def test_the_keyboard_reaches_the_views_before_the_tasks(tab: Tab) -> None:
    """From the top of attention's lesson, Tab reaches the heatmap panel before any task's field (the panel is what
    the tasks are answered from), in a few presses rather than 24."""
    tab.goto("/lessons/attention")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    tab.page.evaluate("() => window.mljLesson.ready")
    presses = 0
    while not tab.page.evaluate("() => !!document.activeElement.closest('.lesson-plot')"):
        tab.page.keyboard.press("Tab")
        presses += 1
        assert not tab.page.evaluate("() => !!document.activeElement.closest('.lesson-tasks')"), \
            f"a task took the focus before the views, after {presses} Tabs"
        assert presses < 40
    assert presses <= 12


@pytest.mark.parametrize(("slug", "heading"), [("relu", "Explore the curve"), ("conv2d", "Explore the curves"),
                                               ("adam", "Explore the curves")])
def test_the_plot_s_heading_counts_its_curves(tab: Tab, slug: str, heading: str) -> None:
    tab.goto(f"/lessons/{slug}")
    assert tab.page.locator("#plot-heading").text_content() == heading


def test_whole_numbers_read_as_whole_numbers(tab: Tab) -> None:
    """An output size is 3, not 3.000000 (max-pool's plot); q·k of whole vectors is 7, not 7.000000 (attention)."""
    tab.goto("/lessons/max-pool")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    tab.page.click("#tab-plot")
    for key in ("k2", "k3-s2", "k3-s1"):
        shown = tab.page.inner_text(f'#readout dd[data-key="{key}"]')
        assert shown.isdigit(), (key, shown)
        assert float(tab.page.get_attribute(f'#readout dd[data-key="{key}"]', "data-value") or "nan") == int(shown)
    tab.goto("/lessons/attention")
    tab.page.wait_for_selector(".panel-body[data-ready='true']")
    raw = tab.page.locator('[data-panel="attention-heatmap"] dd[data-key="raw"]')
    assert raw.get_attribute("data-value") == "7" and raw.inner_text() == "7"
