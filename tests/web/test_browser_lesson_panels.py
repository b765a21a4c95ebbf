"""Every lesson panel in Chromium, used as a learner uses it: real pointer and key events (a mouse over a grid's
cell, a click on a mask cell or a timeline step, a drag along the outlier strip, arrow keys on a slider, a kernel
cell typed as "−0,5"), and what the panel shows read back from the page (its readouts' data-value, its state
hook) and compared with the trusted reference in this process. One "try it" task per module is answered from what
the panel shows. Both languages; a screenshot of each lesson at 1280 px and 390 px, in each, under
test-artifacts/screenshots/ (the last test)."""

from __future__ import annotations

import json
import math
import re
from typing import Any

import numpy as np
import pytest

from tests.web.conftest import DESKTOP, PHONE, Tab

PANEL_LESSONS = {
    "conv2d": "conv2d", "max-pool": "pooling", "batch-norm": "histogram", "mse": "error", "huber": "error",
    "cross-entropy": "margin", "sgd-momentum": "descent", "rmsprop": "descent", "adam": "descent", "rnn": "echo",
    "lstm-cell": "forget-gate", "attention": "attention-heatmap", "positional-encoding": "positional-clocks",
    "encoder-block": "encoder-block", "ppo": "ppo-clip", "linear-backward": "backprop",
    "lamb": "layers", "xor": "decision-boundary",
}


def open_panel(tab: Tab, slug: str, lang: str = "en") -> str:
    """Open the lesson and wait for its panel; returns the panel's id (its kind, in these lessons)."""
    tab.goto(f"/lessons/{slug}?lang={lang}")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    tab.page.wait_for_selector(".panel-body[data-ready='true']")
    return PANEL_LESSONS[slug]


def state(tab: Tab, panel: str) -> Any:
    return tab.page.evaluate("id => window.mljLesson.panels[id].state()", panel)


def root(tab: Tab, panel: str) -> Any:
    return tab.page.locator(f'[data-panel="{panel}"]')


def value(tab: Tab, panel: str, key: str) -> float:
    return float(root(tab, panel).locator(f'[data-key="{key}"]').first.get_attribute("data-value") or "nan")


def cell(tab: Tab, panel: str, row: str) -> float:
    """The result column of a table row (the logits playground's)."""
    return float(root(tab, panel).locator(f'tr[data-key="{row}"] td[data-value]').get_attribute("data-value") or "nan")


def type_into(tab: Tab, panel: str, label: str, text: str) -> None:
    """Type a number into a slider's number field, as a learner does (then Enter)."""
    field = root(tab, panel).get_by_label(f"{label}, typed", exact=True).or_(
        root(tab, panel).get_by_label(f"{label}, числом", exact=True))
    field.fill(text)
    field.press("Enter")


def pick(tab: Tab, panel: str, text: str, group: str | None = None) -> None:
    """Click a segmented choice's pill (the radio inside it is the keyboard's way to the same), in the group
    (fieldset) of that legend when one is named."""
    scope = root(tab, panel) if group is None else root(tab, panel).get_by_role("group", name=group, exact=True)
    scope.locator(".choice-option span").get_by_text(text, exact=True).click()


def hover_cell(tab: Tab, panel: str, grid: str, r: int, c: int, *, click: bool = False) -> None:
    point = tab.page.evaluate(f"([id, r, c]) => window.mljLesson.panels[id].{grid}.center(r, c)", [panel, r, c])
    tab.page.mouse.move(point["x"], point["y"])
    if click:
        tab.page.mouse.click(point["x"], point["y"])


def answer(tab: Tab, task: str, values: dict[str, str]) -> str:
    form = tab.page.locator(f'form[data-task="{task}"]')
    for answer_id, text in values.items():
        form.locator(f'input[name="{answer_id}"]').fill(text)
    form.locator("button[type=submit]").click()
    tab.page.wait_for_function(f"() => document.querySelector('form[data-task=\"{task}\"]').dataset.correct")
    return str(form.get_attribute("data-correct"))


# --- module 4: pictures and batches ------------------------------------------------------------------------------


def test_conv2d_kernel_window_and_output(tab: Tab) -> None:
    from mljudge.reference.conv2d import KERNELS, PICTURES, conv2d, output_size

    panel = open_panel(tab, "conv2d")
    # every picture with every preset, picked as a learner picks them, equals the reference at the defaults
    for picture, label in (("digit", "the digit 4"), ("gradient", "a brightness ramp"), ("flat", "flat: 1 everywhere")):
        pick(tab, panel, label)
        for kernel in KERNELS:
            root(tab, panel).locator("select.kernel-preset").select_option(kernel)
            got = np.array(state(tab, panel)["output"])
            np.testing.assert_allclose(got, conv2d(PICTURES[picture], KERNELS[kernel], 1, 1), rtol=0, atol=1e-12)
    pick(tab, panel, "the digit 4")
    root(tab, panel).locator("select.kernel-preset").select_option("vertical-edges")
    # the cursor: the mouse over output (0, 0) outlines rows −1 … 1 and columns −1 … 1 (padding included)
    hover_cell(tab, panel, "grids.output", 0, 0)
    assert state(tab, panel)["window"] == {"top": -1, "left": -1, "bottom": 2, "right": 2}
    assert root(tab, panel).locator('[data-key="window"]').get_attribute("data-value") == "[-1,-1,2,2]"
    hover_cell(tab, panel, "grids.output", 3, 1)
    assert value(tab, panel, "sum") == 3.0  # the window straddling the left stroke
    # a kernel cell typed with a decimal comma and a real minus: the output follows, unflipped
    cell = root(tab, panel).get_by_label("kernel row 0, column 0", exact=True)
    cell.fill("\u22120,5")
    cell.press("Tab")
    kernel = np.array(KERNELS["vertical-edges"], dtype=float)
    kernel[0, 0] = -0.5
    np.testing.assert_allclose(state(tab, panel)["output"], conv2d(PICTURES["digit"], kernel, 1, 1), atol=1e-12)
    assert root(tab, panel).locator("select.kernel-preset").input_value() == "custom"
    # a 2 × 3 kernel with padding 2 and stride 2
    root(tab, panel).get_by_label("kernel rows").select_option("2")
    pick(tab, panel, "2", "Padding")
    pick(tab, panel, "2", "Stride")
    got = state(tab, panel)
    assert (got["padding"], got["stride"], len(got["kernel"]), len(got["kernel"][0])) == (2, 2, 2, 3)
    np.testing.assert_allclose(got["output"], conv2d(PICTURES["digit"], np.array(got["kernel"]), 2, 2), atol=1e-12)
    # "How big is the output?" (module 4's try it): the size above the output answers it
    root(tab, panel).locator("select.kernel-preset").select_option("box-blur")
    sizes = {}
    for stride_label, kernel_rows, padding in (("2", "3", "1"), ("3", "5", "0")):
        root(tab, panel).get_by_label("kernel rows").select_option(kernel_rows)
        root(tab, panel).get_by_label("kernel columns").select_option(kernel_rows)
        pick(tab, panel, padding, "Padding")
        pick(tab, panel, stride_label, "Stride")
        sizes[stride_label] = root(tab, panel).locator('[data-key="output-size"]').get_attribute("data-value")
    assert sizes == {"2": "6x6", "3": "3x3"}
    assert output_size(12, 3, 2, 1) == 6 and output_size(12, 5, 3, 0) == 3
    assert answer(tab, "output-size", {"k3-p1-s2": "6", "k5-p0-s3": "3"}) == "true"
    # "What the border costs", answered as its own explanation writes the answer: as fractions
    assert answer(tab, "border", {"corner": "4/9", "edge": "6 / 9"}) == "true"


def test_max_pool_windows_never_read_cells_and_shared_maxima(tab: Tab) -> None:
    from mljudge.reference.pooling import MAPS, argmax_windows, max_pool2d

    panel = open_panel(tab, "max-pool", "ru")
    for name, label in (("numbers", "карта 8 × 8 из заданий"), ("edges", "вертикальные границы четвёрки (после ReLU)")):
        pick(tab, panel, label)
        for k, stride, stride_label in ((2, None, "как окно"), (3, 2, "2"), (3, 1, "1")):
            pick(tab, panel, f"{k} \u00d7 {k}", "Окно k")
            pick(tab, panel, stride_label, "Шаг")
            got = state(tab, panel)
            np.testing.assert_array_equal(got["output"], max_pool2d(MAPS[name], k, stride))
            np.testing.assert_array_equal(got["argmax"], argmax_windows(MAPS[name], k, stride))
    pick(tab, panel, "карта 8 × 8 из заданий")
    pick(tab, panel, "2 \u00d7 2", "Окно k")
    pick(tab, panel, "как окно", "Шаг")
    hover_cell(tab, panel, "grids.output", 1, 2)
    assert value(tab, panel, "window") == 9
    hover_cell(tab, panel, "grids.output", 2, 0)
    assert value(tab, panel, "window") == 4
    # k = 3, stride 2: row 7 and column 7 are never read, 15 cells
    pick(tab, panel, "3 \u00d7 3", "Окно k")
    pick(tab, panel, "2", "Шаг")
    assert root(tab, panel).locator('[data-key="sizes"]').get_attribute("data-unread") == "15"
    # k = 3, stride 1: nine outputs report the one 9, and hovering one of them says so
    pick(tab, panel, "1", "Шаг")
    assert state(tab, panel)["nines"] == 9
    hover_cell(tab, panel, "grids.output", 1, 2)
    assert root(tab, panel).locator('[data-key="window"]').get_attribute("data-count") == "9"


def test_batch_norm_histograms_follow_gamma_beta_and_undo(tab: Tab) -> None:
    from mljudge.reference.batch_norm import batch_norm, batch_stats, lesson_batch
    from mljudge.reference.batch_norm import panel as reference

    panel = open_panel(tab, "batch-norm")
    data, batch = reference(), lesson_batch()
    mean, var = batch_stats(batch)
    for feature, label in enumerate(("a skewed activation", "measured in thousands", "constant (every value 5)")):
        pick(tab, panel, label)
        got = state(tab, panel)
        np.testing.assert_allclose(got["after"], np.array(data["output"])[:, feature], rtol=0, atol=1e-12)
        assert value(tab, panel, "mean") == pytest.approx(mean[feature], rel=1e-12)
        assert value(tab, panel, "var") == pytest.approx(var[feature], rel=1e-12, abs=1e-12)
    # "Undo it": one axis, γ = √(σ² + eps) and β = μ of feature 0 give the batch back
    pick(tab, panel, "a skewed activation")
    root(tab, panel).get_by_label("one axis for both").check()
    spread = math.sqrt(var[0] + 1e-5)
    type_into(tab, panel, "\u03b3", f"{spread:.2f}".replace(".", ","))
    type_into(tab, panel, "\u03b2", f"{mean[0]:.2f}")
    got = state(tab, panel)
    assert got["gamma"] == pytest.approx(round(spread, 2)) and got["beta"] == pytest.approx(round(mean[0], 2))
    expected = batch_norm(batch, np.array([got["gamma"], 1, 1]), np.array([got["beta"], 0, 0]))[:, 0]
    np.testing.assert_allclose(got["after"], expected, rtol=0, atol=1e-9)
    np.testing.assert_allclose(got["after"], batch[:, 0], atol=0.02)  # the coloured bars cover the grey ones
    # a feature that never changes: one bar at β = 0.3, nothing NaN
    pick(tab, panel, "constant (every value 5)")
    type_into(tab, panel, "\u03b3", "1")
    type_into(tab, panel, "\u03b2", "0.3")
    got = state(tab, panel)
    assert set(got["after"]) == {0.3} and got["bars"]["after"] == 1
    # and drawn as what it is, on its own axis too: one narrow bar at 5, not one bar across the whole axis
    root(tab, panel).get_by_label("one axis for both").uncheck()
    got = state(tab, panel)
    assert got["bars"]["before"] == 1 and got["share"]["before"] <= 0.2, got["share"]
    assert got["filled"]["before"] == [pytest.approx(5.0)]
    assert "NaN" not in root(tab, panel).inner_text()
    assert answer(tab, "constant", {"output": "0,3"}) == "true"


# --- module 5: the error ------------------------------------------------------------------------------------------


def test_huber_delta_slider_cursor_and_outlier(tab: Tab) -> None:
    from mljudge.reference.losses import huber, huber_elementwise, huber_slope, mse

    panel = open_panel(tab, "huber")
    plot = "window.mljLesson.panels.error.plot.plot"
    for delta in (0.1, 1.0, 2.35, 5.0):
        type_into(tab, panel, "Huber's \u03b4", f"{delta}")
        assert state(tab, panel)["delta"] == pytest.approx(delta)
        for d in (-3.7, 0.05, 0.5, 2.0, 4.99):
            # the mouse over the plot at d: uPlot's own scale says where d is
            box = root(tab, panel).locator(".u-over").bounding_box()
            assert box is not None
            left = tab.page.evaluate(f"() => {plot}.valToPos({d}, 'x')")
            tab.page.mouse.move(box["x"] + left, box["y"] + box["height"] / 2)
            at = value(tab, panel, "d")
            assert at == pytest.approx(d, abs=0.03)  # the nearest grid point under the pointer
            assert value(tab, panel, "huber") == pytest.approx(float(huber_elementwise(at, delta)), abs=5e-7)
            assert value(tab, panel, "huber-slope") == pytest.approx(float(huber_slope(at, delta)), abs=5e-7)
    # "Where does the slope stop growing?" (module 5's try it): read from the panel's readout with δ = 1 and 2
    type_into(tab, panel, "Huber's \u03b4", "1")
    slider = root(tab, panel).get_by_label("Huber's \u03b4", exact=True)
    slider.focus()
    tab.page.keyboard.press("ArrowRight")
    assert state(tab, panel)["delta"] == pytest.approx(1.05)
    tab.page.keyboard.press("ArrowLeft")
    knees = {}
    for delta in (1.0, 2.0):
        type_into(tab, panel, "Huber's \u03b4", str(delta))
        knees[delta] = tab.page.evaluate(
            f"() => {{ const p = window.mljLesson.panels.error; const d = {plot}.data[0];"
            " const s = d.map((x) => p.huber(x).slope); const top = Math.max(...s); return d[s.indexOf(top)]; }")
    assert answer(tab, "slope-stops", {"knee-1": str(knees[1.0]), "cap-1": "1", "knee-2": str(knees[2.0])}) == "true"
    # drag the outlier along the strip to the edge of the axis, then type 8 into its row (δ back at 1)
    type_into(tab, panel, "Huber's \u03b4", "1")
    start = tab.page.evaluate("() => window.mljLesson.panels.error.stripPoint(4)")
    end = tab.page.evaluate("() => window.mljLesson.panels.error.stripAt(4.9)")
    tab.page.mouse.move(start["x"], start["y"])
    tab.page.mouse.down()
    tab.page.mouse.move(end["x"], end["y"], steps=10)
    tab.page.mouse.up()
    moved = state(tab, panel)["points"]
    assert moved[:4] == [0.5, 0.5, 0.5, 0.5] and moved[4] == pytest.approx(4.9, abs=0.03)
    row = root(tab, panel).get_by_label("error 5", exact=True)
    row.fill("8")
    row.press("Enter")
    errors = np.array([0.5, 0.5, 0.5, 0.5, 8.0])
    assert value(tab, panel, "squared-mean") == pytest.approx(mse(errors, np.zeros(5)), abs=1e-12)  # 13.0
    assert value(tab, panel, "huber-mean") == pytest.approx(huber(errors, np.zeros(5)), abs=1e-12)  # 1.6


def test_mse_opens_with_the_square_and_a_folded_delta(tab: Tab) -> None:
    panel = open_panel(tab, "mse", "ru")
    assert state(tab, panel)["curves"] == ["squared", "huber", "absolute"]
    assert not root(tab, panel).get_by_label("δ функции Хьюбера", exact=True).is_visible()
    assert value(tab, panel, "squared-mean") == pytest.approx(3.4)
    assert value(tab, panel, "squared-loss-share") == pytest.approx(16 / 17)
    assert value(tab, panel, "squared-pull-share") == pytest.approx(8 / 12)
    assert root(tab, panel).locator('[data-key="huber-mean"]').count() == 0  # Huber's column waits under the fold
    root(tab, panel).get_by_text("Сравнить с функцией Хьюбера").click()
    assert value(tab, panel, "huber-mean") == pytest.approx(0.8)
    assert value(tab, panel, "huber-pull-share") == pytest.approx(1 / 3)


def test_cross_entropy_classes_and_the_shift_that_changes_nothing(tab: Tab) -> None:
    from mljudge.reference.losses import ce_of_margin, ce_of_margin_slope, cross_entropy_per_example, p_of_margin

    panel = open_panel(tab, "cross-entropy")
    slider = root(tab, panel).get_by_label("number of classes C", exact=True)
    for classes in (2, 10, 1000):
        type_into(tab, panel, "number of classes C", str(classes))
        m = np.array(tab.page.evaluate("() => window.mljLesson.panels.margin.plot.plot.data[0]"))
        curves = tab.page.evaluate("() => window.mljLesson.panels.margin.plot.plot.data.slice(1)")
        np.testing.assert_allclose(curves[0], ce_of_margin(m, classes=classes), rtol=1e-12, atol=1e-12)
        np.testing.assert_allclose(curves[1], p_of_margin(m, classes=classes), rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(curves[3], ce_of_margin_slope(m, classes=classes), rtol=1e-12, atol=1e-15)
    slider.focus()
    tab.page.keyboard.press("Home")  # back to two classes by the keyboard
    assert state(tab, panel)["classes"] == 2
    # +1000: the stable loss does not move (0.4493), the naive one overflows
    before = cell(tab, panel, "stable-loss")
    root(tab, panel).get_by_role("button", name="+1000 to every logit").click()
    got = state(tab, panel)
    assert got["logits"] == [1002.0, 1001.0, 1000.1, 999.0]
    assert cell(tab, panel, "stable-loss") == pytest.approx(before, abs=1e-12)
    expected = cross_entropy_per_example(np.array([got["logits"]]), np.array([0]))[0]
    assert cell(tab, panel, "stable-loss") == pytest.approx(expected, abs=1e-12) == pytest.approx(0.4493, abs=5e-5)
    assert cell(tab, panel, "naive-loss") == math.inf
    assert sum(got["gradient"]) == pytest.approx(0, abs=1e-12)
    # "The loss of a guess" (module 5's try it, here): C = 10 and C = 1000 at m = 0
    readings = {}
    for classes in (10, 1000):
        type_into(tab, panel, "number of classes C", str(classes))
        assert value(tab, panel, "m") == 0
        readings[classes] = root(tab, panel).locator('[data-key="loss"]').first.inner_text()
    assert answer(tab, "guess", {"c10": readings[10], "c1000": readings[1000]}) == "true"
    # a curve keeps its colour on both tabs: the probability, the loss (the panel's, the plot's readout)
    swatch = "dd => getComputedStyle(dd.previousElementSibling.querySelector('.swatch')).borderTopColor"
    for on_panel, on_plot in (("probability", "probability"), ("loss", "cross-entropy")):
        assert root(tab, panel).locator(f'dd[data-key="{on_panel}"]').evaluate(swatch) == \
            tab.page.locator(f'#readout dd[data-key="{on_plot}"]').evaluate(swatch), on_panel
    # every column of the logits table has a heading, the first one too (for a screen reader)
    headings = root(tab, panel).locator(".logits-table thead th").all_inner_texts()
    assert all(h.strip() for h in headings), headings


# --- module 6: downhill ------------------------------------------------------------------------------------------


def wait_for_paths(tab: Tab, lr: float, momentum: float) -> None:
    tab.page.wait_for_function(
        f"() => {{ const s = window.mljLesson.panels.descent.state().settings;"
        f" return Math.abs(s.lr - {lr}) < 1e-9 && Math.abs(s.momentum - {momentum}) < 1e-9; }}")


def test_descent_paths_come_from_the_server_as_the_sliders_move(tab: Tab) -> None:
    from mljudge.reference.optimizers import panel as reference

    panel = open_panel(tab, "sgd-momentum")
    rows = state(tab, panel)["rows"]
    assert {name: rows[name]["first_within"] for name in rows} == {"gd": 330, "momentum": 88, "rmsprop": 38,
                                                                     "adam": 70}
    assert root(tab, panel).locator("tr[data-path]").count() == 2  # plain descent and momentum shown at first
    # the step slider by the keyboard: step 1
    slider = root(tab, panel).get_by_label("step k", exact=True)
    slider.focus()
    tab.page.keyboard.press("Home")
    tab.page.keyboard.press("ArrowRight")
    assert state(tab, panel)["rows"]["gd"]["point"] == pytest.approx([-3.928, 0.1])
    # "Find the speed limit" (module 6's try it): raise lr past 0.1 and plain descent zig-zags, past 0.2 it leaves
    type_into(tab, panel, "learning rate lr", "0,105")
    wait_for_paths(tab, 0.105, 0.9)
    ys = [p[1] for p in reference(0.105)["paths"]["gd"]["points"][:4]]
    got = tab.page.evaluate("() => window.mljLesson.panels.descent.state()")
    assert got["rows"]["gd"]["point"][1] == pytest.approx(ys[1])  # step 1: y = −0.05, across the valley
    assert ys[1] < 0 < ys[2] and abs(ys[2]) < abs(ys[1])
    type_into(tab, panel, "learning rate lr", "0.21")
    wait_for_paths(tab, 0.21, 0.9)
    slider.focus()
    tab.page.keyboard.press("End")
    rows = state(tab, panel)["rows"]
    assert rows["gd"]["first_within"] is None and rows["momentum"]["first_within"] == 85
    assert answer(tab, "zigzag", {"zigzag-lr": "0.1", "divergence-lr": "0.2"}) == "true"
    # the momentum slider moves the momentum path only
    type_into(tab, panel, "momentum", "0.5")
    wait_for_paths(tab, 0.21, 0.5)
    data = reference(0.21, 0.5)
    rows = state(tab, panel)["rows"]
    assert rows["momentum"]["first_within"] == data["paths"]["momentum"]["first_within"]
    assert rows["gd"]["first_within"] is None
    # at the slider's end plain descent grows ×3 a step across the valley: never within 0.01, and the table says
    # at which step it flew off if its numbers ran out (they stay finite for 500 steps at lr = 0.4)
    type_into(tab, panel, "learning rate lr", "0.4")
    wait_for_paths(tab, 0.4, 0.5)
    points = reference(0.4, 0.5)["paths"]["gd"]["points"]
    flew = next((k for k, p in enumerate(points) if p is None), None)
    cell = root(tab, panel).locator('tr[data-path="gd"] [data-key="flew_off"]')
    assert cell.count() == (0 if flew is None else 1)
    assert root(tab, panel).locator('tr[data-path="gd"] [data-key="first_within"]').inner_text() == "\u2014"
    # a path far out of the valley reads as a power of ten, not as JavaScript's −1.2523673753787969e+50
    assert abs(points[-1][1]) > 1e9
    shown = root(tab, panel).locator('tr[data-path="gd"] [data-key="point"]').inner_text()
    assert "e+" not in shown and "\u00d7 10" in shown and len(shown) < 40, shown
    # a typed lr past the slider's end is kept at the end, and the field says so
    type_into(tab, panel, "learning rate lr", "5")
    control = root(tab, panel).locator(".control", has=tab.page.get_by_label("learning rate lr", exact=True))
    assert state(tab, panel)["settings"]["lr"] == pytest.approx(0.4)
    assert control.locator('[data-key="clamped"]').inner_text() == \
        "Kept at 0.400: this slider goes from 0.005 to 0.400."
    type_into(tab, panel, "learning rate lr", "0.3")
    assert control.locator('[data-key="clamped"]').inner_text() == ""


def test_rmsprop_and_adam_read_their_tasks_off_the_panel(tab: Tab) -> None:
    panel = open_panel(tab, "rmsprop", "ru")
    slider = root(tab, panel).get_by_label("шаг k", exact=True)
    slider.focus()
    tab.page.keyboard.press("Home")
    tab.page.keyboard.press("ArrowRight")
    rows = state(tab, panel)["rows"]
    assert rows["rmsprop"]["point"] == pytest.approx([-3.1, 0.1]) and rows["gd"]["point"] == pytest.approx(
        [-3.928, 0.1])
    assert answer(tab, "first-step", {"rmsprop-x": "−3,1", "rmsprop-y": "0,1", "gd-x": "−3,928"}) == "true"
    open_panel(tab, "adam")
    rows = state(tab, panel)["rows"]
    assert root(tab, panel).locator("tr[data-path]").count() == 4
    readout = {name: root(tab, panel).locator(f'tr[data-path="{name}"] [data-key="first_within"]').inner_text()
               for name in ("gd", "momentum", "rmsprop", "adam")}
    assert readout == {"gd": "330", "momentum": "88", "rmsprop": "38", "adam": "70"}
    assert answer(tab, "race", readout) == "true"
    assert rows["adam"]["settled_from"] == 116 and rows["rmsprop"]["settled_from"] == 412
    # each optimiser is one colour on both tabs: its path in the valley and its curve in the plot
    on_panel = {name: root(tab, panel).locator(f'tr[data-path="{name}"] .swatch').evaluate(
        "s => getComputedStyle(s).borderTopColor") for name in ("gd", "momentum", "rmsprop", "adam")}
    on_plot = {name: tab.page.locator(f'#readout dd[data-key="{name}"]').evaluate(
        "dd => getComputedStyle(dd.previousElementSibling.querySelector('.swatch')).borderTopColor")
        for name in on_panel}
    assert on_panel == on_plot and len(set(on_plot.values())) == 4


# --- module 7: backpropagation ----------------------------------------------------------------------------------


def test_backprop_layer_follows_every_edit(tab: Tab) -> None:
    from mljudge.reference.backprop import LESSON_BIAS, LESSON_TARGET, LESSON_WEIGHT, LESSON_X, linear, linear_backward
    from mljudge.reference.backprop import squared_error_loss as loss

    panel = open_panel(tab, "linear-backward")
    x, weight = LESSON_X.copy(), LESSON_WEIGHT.copy()

    def check() -> None:
        got = state(tab, panel)
        y = linear(x, weight, LESSON_BIAS)
        grads = linear_backward(x, weight, LESSON_BIAS, y - LESSON_TARGET)
        for name, want in zip(("gradX", "gradWeight", "gradBias"), grads, strict=True):
            np.testing.assert_allclose(got[name], want, rtol=0, atol=1e-12)
        assert got["loss"] == pytest.approx(loss(y, LESSON_TARGET), abs=1e-12)

    check()
    # typed (a decimal comma, a real minus) and by the arrow keys
    for text, number in (("\u22121,5", -1.5), ("0.75", 0.75), ("2", 2.0)):
        field = root(tab, panel).get_by_label("x[1, 1], editable", exact=True)
        field.fill(text)
        field.press("Enter")
        x[1, 1] = number
        check()
    field = root(tab, panel).get_by_label("weight[0, 2], editable", exact=True)
    field.focus()
    for _ in range(3):
        tab.page.keyboard.press("ArrowUp")
    weight[0, 2] += 0.15
    check()
    # a gradient's entry under the mouse writes out its sum
    cell = root(tab, panel).locator('table[data-array="grad_weight"] td[data-r="0"][data-c="1"]')
    cell.hover()
    assert value(tab, panel, "sum") == pytest.approx(state(tab, panel)["gradWeight"][0][1], abs=1e-12)
    # one step of gradient descent lowers the loss; reset brings the example back
    before = state(tab, panel)["loss"]
    root(tab, panel).get_by_role("button", name="One step of gradient descent (lr = 0.1)").click()
    assert state(tab, panel)["loss"] < before
    root(tab, panel).get_by_role("button", name="Reset").click()
    x, weight = LESSON_X.copy(), LESSON_WEIGHT.copy()
    check()
    # "Read the slope, then compute it" (module 7's try it): grad_weight[0, 1] off the panel
    slope = root(tab, panel).locator('table[data-array="grad_weight"] td[data-r="0"][data-c="1"]').inner_text()
    assert answer(tab, "read-the-slope", {"slope": slope.replace("\u2212", "-"), "by-hand": slope}) == "true"


def test_lamb_layers_under_a_larger_batch(tab: Tab) -> None:
    from mljudge.reference.lamb import panel as reference

    panel = open_panel(tab, "lamb", "ru")
    slider = root(tab, panel).get_by_label("размер пакета (× базовый)", exact=True)
    slider.focus()
    for _ in range(3):
        tab.page.keyboard.press("ArrowRight")  # ×1 → ×4 → ×16 → ×64
    assert state(tab, panel)["batch"] == 64 and value(tab, panel, "lr") == 0.008
    want = reference(0.008)
    for i, layer in enumerate(want["layers"]):
        assert value(tab, panel, f"norm-{i}") == pytest.approx(layer["param_norm"], rel=1e-4)
        assert value(tab, panel, f"ratio-{i}") == pytest.approx(layer["ratio"], rel=1e-4)
        if layer["adamw_relative"] is None:
            assert value(tab, panel, f"step-{i}") == pytest.approx(layer["lamb_step"], rel=1e-4)
        else:
            assert value(tab, panel, f"adamw-{i}") == pytest.approx(layer["adamw_relative"], rel=1e-4)
            assert value(tab, panel, f"lamb-{i}") == pytest.approx(layer["lamb_relative"], rel=1e-4)
    sentence = root(tab, panel).locator('[data-key="sentence"]')
    assert sentence.inner_text() == "Пакет ×64, lr = 0.008: AdamW меняет embedding на 40% за шаг, LAMB — на 0.80%."
    tab.page.keyboard.press("End")
    assert "AdamW меняет embedding на 80% за шаг, LAMB — на 1.6%" in sentence.inner_text()


def test_xor_boundary_frames_and_another_run(tab: Tab) -> None:
    from mljudge.reference.xor import panel as reference

    panel = open_panel(tab, "xor")
    slider = root(tab, panel).get_by_label("training step k", exact=True)
    slider.focus()
    tab.page.keyboard.press("Home")
    want = reference()
    learned_at = None
    for k, frame in enumerate(want["frames"]):
        got = state(tab, panel)
        assert got["step"] == frame["step"]
        np.testing.assert_allclose(got["inputs"], frame["inputs"], rtol=0, atol=5e-5)
        assert value(tab, panel, "p-0") == pytest.approx(frame["inputs"][0], abs=5e-5)
        heading = root(tab, panel).locator('[data-key="frame"]')
        assert float(heading.get_attribute("data-loss") or "nan") == pytest.approx(frame["loss"], abs=5e-5)
        if heading.get_attribute("data-learned") == "true" and learned_at is None:
            learned_at = frame["step"]
        if k + 1 < len(want["frames"]):
            tab.page.keyboard.press("ArrowRight")
    assert learned_at == 80  # "solved" first shows at step 80 (the lesson's task finds step 74 between frames)
    # another table and seed: the server trains that run (the table is one of a few choices, the seed on a grid)
    pick(tab, panel, "AND")
    type_into(tab, panel, "random start (seed)", "3")
    tab.page.wait_for_function("() => { const s = window.mljLesson.panels['decision-boundary'].state();"
                               " return s.table === 'and' && s.seed === 3; }")
    other = reference("and", 3)
    slider.focus()
    tab.page.keyboard.press("End")
    np.testing.assert_allclose(state(tab, panel)["inputs"], other["frames"][-1]["inputs"], atol=5e-5)
    assert root(tab, panel).locator('[data-key="frame"]').get_attribute("data-learned") == "true"


# --- module 8: memory and attention --------------------------------------------------------------------------------


def test_rnn_echo_follows_the_weight_and_the_impulse(tab: Tab) -> None:
    from mljudge.reference.recurrent import echo_run, fixed_point, rnn

    panel = open_panel(tab, "rnn")
    for weight, impulse in ((0.9, 1.0), (0.5, 0.5), (1.5, 3.0), (1.5, 0.01), (0.0, 1.0), (2.0, -1.0)):
        type_into(tab, panel, "recurrent weight w", str(weight))
        type_into(tab, panel, "impulse a at step 1", str(impulse))
        echo, influence = echo_run(weight, 30, impulse)
        got = state(tab, panel)
        np.testing.assert_allclose(got["echo"], echo, rtol=0, atol=1e-12)
        np.testing.assert_allclose(got["influence"], influence, rtol=1e-12, atol=1e-300)
    # the fixed point line: there for w = 1.5, not for w = 0.9
    assert value(tab, panel, "fixed-point") == pytest.approx(fixed_point(2.0), abs=1e-12)
    type_into(tab, panel, "recurrent weight w", "0.9")
    type_into(tab, panel, "impulse a at step 1", "1")
    assert root(tab, panel).locator('[data-key="fixed-point"]').get_attribute("data-value") == ""
    # a second impulse at step 10: the page's echo is the exercise's own rnn on those inputs
    root(tab, panel).get_by_label("a second impulse at step 10").check()
    xs = np.zeros((30, 1, 1))
    xs[0, 0, 0] = xs[9, 0, 0] = 1.0
    hs, _ = rnn(xs, np.zeros((1, 1)), np.array([[1.0]]), np.array([[0.9]]), np.zeros(1), np.zeros(1))
    np.testing.assert_allclose(state(tab, panel)["echo"], np.asarray(hs)[:, 0, 0], rtol=0, atol=1e-12)
    root(tab, panel).get_by_label("a second impulse at step 10").uncheck()
    # "The explosion" (module 8's try it): w = 1.5, a = 0.01 by the button, on the log scale; the mouse finds the peak
    type_into(tab, panel, "recurrent weight w", "1.5")
    root(tab, panel).get_by_role("button", name="a = 0.01").click()
    root(tab, panel).get_by_label("influence on a log scale").check()
    box = root(tab, panel).locator(".u-over").bounding_box()
    assert box is not None
    peak = (0.0, 0)
    for step in range(1, 31):
        left = tab.page.evaluate(f"() => window.mljLesson.panels.echo.plot.plot.valToPos({step}, 'x')")
        tab.page.mouse.move(box["x"] + min(left, box["width"] - 1), box["y"] + box["height"] / 2)
        assert value(tab, panel, "t") == step
        peak = max(peak, (value(tab, panel, "influence"), step))
    assert peak[1] == 11 and peak[0] == pytest.approx(34.345, abs=1e-3)
    assert answer(tab, "explosion", {"peak": f"{peak[0]:.2f}", "step": str(peak[1])}) == "true"


def test_lstm_writes_on_the_timeline_add_up(tab: Tab) -> None:
    from mljudge.reference.recurrent import keep_run

    panel = open_panel(tab, "lstm-cell", "ru")
    # the panel opens on step 10, and the keyboard starts from there: → is step 11, not step 2
    tab.page.locator('[data-panel="forget-gate"] canvas[data-role="timeline"]').focus()
    tab.page.keyboard.press("ArrowRight")
    assert state(tab, panel)["step"] == 11
    tab.page.keyboard.press("ArrowLeft")
    assert state(tab, panel)["step"] == 10
    for bias in (-2.0, 0.0, 1.0, 3.0, 5.0, 7.0):
        type_into(tab, panel, "смещение забывания b", str(bias))
        cells, hiddens = keep_run(bias)
        got = state(tab, panel)
        np.testing.assert_allclose(got["cell"], cells, rtol=0, atol=1e-12)
        np.testing.assert_allclose(got["hidden"], hiddens, rtol=0, atol=1e-12)
    half = root(tab, panel).locator('[data-key="keep"]').get_attribute("data-half")
    assert float(half or "nan") == pytest.approx(math.log(0.5) / math.log(1 / (1 + math.exp(-7.0))))
    type_into(tab, panel, "смещение забывания b", "5")
    assert float(root(tab, panel).locator('[data-key="keep"]').get_attribute("data-half") or "nan") == \
        pytest.approx(103.2, abs=0.05)
    # "Writing adds up": a click on step 10 of the timeline adds a write
    hover_cell(tab, panel, "timeline", 0, 9, click=True)
    got = state(tab, panel)
    assert got["writes"] == [1, 10]
    cells, hiddens = keep_run(5.0, writes=[1, 0, 0, 0, 0, 0, 0, 0, 0, 1])
    np.testing.assert_allclose(got["cell"], cells, rtol=0, atol=1e-12)
    assert got["step"] == 10 and value(tab, panel, "c") == pytest.approx(1.918823, abs=5e-7)
    assert value(tab, panel, "h") == pytest.approx(0.951410, abs=5e-7)
    assert answer(tab, "adds-up", {"cell": root(tab, panel).locator('[data-key="c"]').inner_text(),
                                   "hidden": root(tab, panel).locator('[data-key="h"]').inner_text()}) == "true"
    # the keyboard toggles too: Enter on the focused step (the one shown, 10) takes the write away again
    tab.page.locator('[data-panel="forget-gate"] canvas[data-role="timeline"]').focus()
    tab.page.keyboard.press("Enter")
    assert state(tab, panel)["writes"] == [1]
    # the keyboard's cursor is the step shown, wherever that was set: → from step 10 is step 11, not step 2
    tab.page.keyboard.press("ArrowRight")
    assert state(tab, panel)["step"] == 11 and value(tab, panel, "t") == 11
    tab.page.keyboard.press("Enter")
    assert state(tab, panel)["writes"] == [1, 11]
    cols = tab.page.evaluate("() => window.mljLesson.panels['forget-gate'].timeline.cols")
    type_into(tab, panel, "смещение забывания b", "3")  # the focus leaves; the step shown stays
    tab.page.locator('[data-panel="forget-gate"] canvas[data-role="timeline"]').focus()
    for _ in range(cols - 11):
        tab.page.keyboard.press("ArrowRight")
    assert state(tab, panel)["step"] == cols
    tab.page.keyboard.press("ArrowRight")  # past a row's end: on to the next row's first step
    assert state(tab, panel)["step"] == cols + 1


def test_attention_heatmap_mask_presets_and_toggled_cells(tab: Tab) -> None:
    from mljudge.reference.attention import attention_weights, panel_masks
    from mljudge.reference.attention import panel as reference

    panel = open_panel(tab, "attention")
    data = reference()
    q, k, v = (np.array(data[name]) for name in ("q", "k", "v"))
    labels = {"none": "none", "causal": "causal", "padding": "padding (last two keys)",
              "causal-left-padding": "causal with left padding"}
    for preset, label in labels.items():
        pick(tab, panel, label)
        for scaled in (True, False):
            root(tab, panel).get_by_label("divide by \u221ad_k").set_checked(scaled)
            got = state(tab, panel)
            want = data["results"][f"{preset}/{'scaled' if scaled else 'unscaled'}"]
            np.testing.assert_allclose(got["weights"], want["weights"], rtol=0, atol=1e-12)
            np.testing.assert_allclose(got["outputs"], want["outputs"], rtol=0, atol=1e-12)
            np.testing.assert_allclose(got["sums"], want["row_sums"], rtol=0, atol=1e-12)
    # causal with left padding: row 0 allows nothing, adds up to 0 and outputs zeros; nothing is NaN
    assert value(tab, panel, "sum-0") == 0
    assert root(tab, panel).locator('[data-key="output-0"]').get_attribute("data-value") == "[0,0,0]"
    assert "NaN" not in root(tab, panel).inner_text()
    # a custom mask: the causal one with (3, 2) forbidden, clicked on the heatmap
    pick(tab, panel, "causal")
    root(tab, panel).get_by_label("divide by \u221ad_k").check()
    hover_cell(tab, panel, "grid", 3, 2, click=True)
    mask = panel_masks()["causal"].copy()
    mask[3, 2] = False
    got = state(tab, panel)
    assert got["preset"] == "custom" and got["mask"] == mask.tolist()
    np.testing.assert_allclose(got["weights"], attention_weights(q, k, mask), rtol=0, atol=1e-12)
    # mask after softmax (wrong): the row sums fall below 1 (row 0: the unmasked weight "the" gives itself)
    pick(tab, panel, "causal")
    root(tab, panel).get_by_label("mask after softmax (wrong)").check()
    assert value(tab, panel, "sum-0") == pytest.approx(0.2575, abs=5e-5)
    root(tab, panel).get_by_label("mask after softmax (wrong)").uncheck()
    # "The previous token" (module 8's try it): the mouse on row 2 finds "cat"; then without the scaling
    hover_cell(tab, panel, "grid", 2, 1)
    weight = value(tab, panel, "weight")
    root(tab, panel).get_by_label("divide by \u221ad_k").uncheck()
    unscaled = value(tab, panel, "weight")
    assert answer(tab, "previous-token", {"key": "1", "weight": f"{weight:.4f}", "unscaled": f"{unscaled:.4f}"}) \
        == "true"
    assert v.shape == (6, 3)


# --- module 9: transformers and PPO ----------------------------------------------------------------------------------


def test_positional_table_clocks_and_dot_product(tab: Tab) -> None:
    from mljudge.reference.positional import pair_frequencies, positional_encoding
    from mljudge.reference.positional import panel as reference

    panel = open_panel(tab, "positional-encoding")
    data = reference()
    got = state(tab, panel)
    np.testing.assert_allclose(got["table"], data["table"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(got["periods"], data["periods"], rtol=1e-12)
    assert value(tab, panel, "dot") == pytest.approx(data["dot"], rel=1e-12)
    # d_model = 8, position 44: the fast hand is back near 0 (7 turns), the second at 4.4 rad
    pick(tab, panel, "8")
    type_into(tab, panel, "position", "44")
    angles = state(tab, panel)["angles"]
    assert angles[0] % (2 * math.pi) < 0.02 and angles[1] == pytest.approx(4.4)
    # only the distance counts: the dot product for an offset of 5, wherever the pair sits
    for start in (3, 100):
        type_into(tab, panel, "length (positions)", "200")
        type_into(tab, panel, "position", str(start))
        type_into(tab, panel, "other position", str(start + 5))
        pe = positional_encoding(200, 8)
        assert value(tab, panel, "dot") == pytest.approx(pe[start] @ pe[start + 5], abs=1e-12)
        assert value(tab, panel, "cosines") == pytest.approx(float(np.cos(5 * pair_frequencies(8)).sum()), abs=1e-12)
        assert round(value(tab, panel, "dot"), 2) == 3.16
    # a drag on the heatmap picks the position under the pointer
    box = root(tab, panel).locator("canvas.draggable").bounding_box()
    assert box is not None
    rows = box["height"] - state(tab, panel)["labels"]["strip"]  # the column names take the bottom strip
    tab.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + rows * 50.5 / 200)
    assert state(tab, panel)["position"] == 50
    # the strip fits the longest column name whole ("cos 63" at d_model 128), not its first 34 px
    pick(tab, panel, "128")
    labels = state(tab, panel)["labels"]
    assert labels["strip"] >= labels["widest"] + 6, labels


def test_encoder_block_shapes_costs_and_heads(tab: Tab) -> None:
    from mljudge.reference.transformer import panel as reference
    from mljudge.reference.transformer import parameter_count, shapes

    panel = open_panel(tab, "encoder-block", "ru")
    data = reference()
    assert state(tab, panel)["shapes"] == [row["shape"] for row in data["shapes"]]
    assert value(tab, panel, "d-head") == 8 and value(tab, panel, "weights") == 1600
    assert root(tab, panel).locator('[data-key="weights"]').inner_text().replace("\u00a0", " ") == "1 600"
    type_into(tab, panel, "d_model", "512")
    type_into(tab, panel, "d_ff", "2048")
    assert value(tab, panel, "parameters") == parameter_count(512, 2048) == 3_152_384
    assert root(tab, panel).locator('[data-key="ffn-share"]').inner_text() == "66.6%"
    type_into(tab, panel, "пакет N (0 — одна последовательность)", "0")
    pick(tab, panel, "16")
    assert state(tab, panel)["shapes"] == [list(s) for _, s in shapes(0, 10, 512, 16, 2048)]
    # the heads: the mouse on query 0 of head 0, then on query 4 of head 1
    hover_cell(tab, panel, "grids[0]", 0, 3)
    best, weight = json.loads(root(tab, panel).locator('[data-key="head-0"]').get_attribute("data-value") or "")
    assert (best, weight) == (5, data["weights"][0][0][5]) and round(weight, 2) == 0.84
    assert "устала" in root(tab, panel).locator('[data-key="head-0"]').inner_text()
    hover_cell(tab, panel, "grids[1]", 4, 0)
    best, weight = json.loads(root(tab, panel).locator('[data-key="head-1"]').get_attribute("data-value") or "")
    assert best == 0 and round(weight, 2) == 0.48


def test_ppo_objective_where_the_gradient_stops(tab: Tab) -> None:
    from mljudge.reference.ppo import clipped_objective, objective_slope
    from mljudge.reference.ppo import panel as reference

    panel = open_panel(tab, "ppo")
    r = np.array(reference()["r"])
    for advantage in (1.0, -1.0, 2.0, 0.0):
        type_into(tab, panel, "advantage A", str(advantage))
        curves = state(tab, panel)["curves"]
        objective = [a if a is not None else b for a, b in zip(curves["live"], curves["flat"], strict=True)]
        np.testing.assert_array_equal(objective, clipped_objective(r, advantage, 0.2))
        np.testing.assert_array_equal(curves["slopes"], objective_slope(r, advantage, 0.2))
    # where the gradient stops: above 1.2 for A = 1, below 0.8 for A = −1
    type_into(tab, panel, "advantage A", "1")
    note = root(tab, panel).locator('[data-key="region"]')
    assert float(note.get_attribute("data-from") or "nan") == pytest.approx(1.2)
    type_into(tab, panel, "advantage A", "\u22121")
    assert float(note.get_attribute("data-to") or "nan") == pytest.approx(0.8)
    # the side that is never clipped: A = −1, r = 1.5 by the keyboard on the cursor's slider
    cursor = root(tab, panel).get_by_label("ratio r (the cursor)", exact=True)
    cursor.focus()
    tab.page.keyboard.press("End")
    for _ in range(100):
        tab.page.keyboard.press("ArrowLeft")
    assert value(tab, panel, "r") == pytest.approx(1.5)
    assert value(tab, panel, "objective") == pytest.approx(-1.5)
    assert root(tab, panel).locator('[data-key="winner"]').get_attribute("data-value") == "unclipped"
    # what the network gets: A = 2, r = 1.1 → 2.2; r = 1.3 → 0
    type_into(tab, panel, "advantage A", "2")
    type_into(tab, panel, "ratio r (the cursor)", "1,1")
    assert value(tab, panel, "logprob") == pytest.approx(2.2)
    type_into(tab, panel, "ratio r (the cursor)", "1.3")
    assert value(tab, panel, "logprob") == 0
    assert answer(tab, "gradient-stops", {"good": "1.2", "bad": "0.8"}) == "true"


# --- every panel lesson, both languages, desktop and phone -------------------------------------------------------


@pytest.mark.parametrize("slug", list(PANEL_LESSONS))
def test_every_panel_lesson_in_both_languages_on_a_desktop_and_a_phone(new_tab: Any, slug: str) -> None:
    """The panel draws in each language and size, with the page's own strings (no key shown raw), the tabs switch
    to the plot and back, and the screenshots are what a learner sees."""
    for viewport, phone, size in ((DESKTOP, False, "1280"), (PHONE, True, "390")):
        tab = new_tab(viewport=viewport, phone=phone)
        for lang in ("en", "ru"):
            panel = open_panel(tab, slug, lang)
            aside = tab.page.locator(".lesson-plot")
            text = aside.inner_text()
            assert not re.search(r"\{\w+\}|undefined|NaN", text), text[:400]  # a placeholder left, a number lost
            heading = tab.page.locator(f'[data-panel="{panel}"] .panel-title').inner_text()
            assert heading and heading == tab.page.locator(f"#tab-{panel}").inner_text()
            width = tab.page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= viewport["width"], f"{slug} ({lang}, {size} px) scrolls sideways: {width}"
            if lang == "en" and not phone:
                # the tabs: the plot by the keyboard, then back
                tab.page.locator(f"#tab-{panel}").focus()
                tab.page.keyboard.press("ArrowRight")
                assert tab.page.locator("#view-plot").is_visible()
                assert not tab.page.locator(f'[data-panel="{panel}"]').is_visible()
                tab.page.keyboard.press("ArrowLeft")
                assert tab.page.locator(f'[data-panel="{panel}"]').is_visible()
            tab.screenshot(f"lesson-{slug}-{lang}-{size}")
