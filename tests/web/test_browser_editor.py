"""The exercise page's editor in Chromium, driven with real key events at a person's pace: Enter is always a new
line, names come on Ctrl+Space only (the track's library, the exercise's own names, never a forbidden one),
lines wrap in an editor with the width it needs, the keyboard help says how to run and how to leave, and a
compile error or a refusal is marked on its line."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import DESKTOP, Tab, gelu_file, get_code, open_exercise, run, set_code

HUMAN = 120  # ms between keys: an ordinary typist, slow enough for a completion list to open if one would
SOLUTION = gelu_file("solutions/numpy.py")


def type_lines(tab: Tab, *lines: str) -> None:
    for line in lines:
        tab.page.keyboard.type(line, delay=HUMAN)
        tab.page.keyboard.press("Enter")


def start_empty(tab: Tab) -> None:
    set_code(tab, "")
    tab.page.click(".cm-content")


def completions(tab: Tab) -> list[str]:
    """The names in the open completion list, once a person could have seen it (CodeMirror ignores keys pressed
    in its first 75 ms, before anyone could have meant them for the list)."""
    tab.page.wait_for_selector(".cm-tooltip-autocomplete li")
    tab.page.wait_for_timeout(HUMAN)
    return [str(x) for x in tab.page.eval_on_selector_all(
        ".cm-tooltip-autocomplete li .cm-completionLabel", "ls => ls.map(l => l.textContent)")]


def test_enter_after_typing_is_a_new_line_never_a_completion(tab: Tab) -> None:
    open_exercise(tab)
    start_empty(tab)
    type_lines(tab, "import numpy as np", "", "def gelu(x):", "return np")
    tab.page.keyboard.type("x = 1", delay=HUMAN)
    assert get_code(tab) == "import numpy as np\n\ndef gelu(x):\n    return np\n    x = 1"
    assert tab.page.locator(".cm-tooltip-autocomplete").count() == 0  # nothing popped up uninvited


def test_ctrl_space_offers_the_library_and_the_exercise_s_names(tab: Tab) -> None:
    open_exercise(tab)
    set_code(tab, "import numpy as np\n\n\ndef gelu(x):\n    return 0.5 * x * (1 + ")
    tab.page.click(".cm-content")
    tab.page.keyboard.press("Control+End")
    tab.page.keyboard.type("np.ta", delay=HUMAN)
    tab.page.keyboard.press("Control+Space")
    offered = completions(tab)
    assert "tanh" in offered and "tan" in offered and "input" not in offered
    for _ in range(offered.index("tanh")):
        tab.page.keyboard.press("ArrowDown")
    tab.page.keyboard.press("Enter")  # the learner opened the list: Enter takes the selected name
    assert get_code(tab).endswith("(1 + np.tanh")
    tab.page.keyboard.type("(x", delay=HUMAN)
    tab.page.keyboard.press("Control+Space")  # a parameter of the exercise's function comes first
    assert completions(tab)[0] == "x"
    tab.page.keyboard.press("Escape")
    tab.page.keyboard.type(".", delay=HUMAN)
    tab.page.keyboard.press("Control+Space")  # after an array: its methods
    assert {"reshape", "shape", "sum"} <= set(completions(tab))
    tab.page.keyboard.press("Escape")
    tab.screenshot("editor-completion")


def test_completion_follows_the_track_and_leaves_out_forbidden_names(tab: Tab) -> None:
    open_exercise(tab)
    tab.page.click('input[name="track"][value="torch"]')
    set_code(tab, "import torch\nimport torch.nn.functional as F\n\n\ndef gelu(x):\n    return ")
    tab.page.click(".cm-content")
    tab.page.keyboard.press("Control+End")
    tab.page.keyboard.type("F.el", delay=HUMAN)
    tab.page.keyboard.press("Control+Space")
    offered = completions(tab)
    assert {"elu", "selu", "relu"} <= set(offered)  # F.* is offered ...
    assert "gelu" not in offered  # ... but not the one the exercise forbids
    tab.page.keyboard.press("Escape")
    tab.page.keyboard.press("Enter")
    tab.page.keyboard.type("y = x.ta", delay=HUMAN)
    tab.page.keyboard.press("Control+Space")
    assert {"tanh", "tanh_"} <= set(completions(tab))  # a tensor's methods in the torch track
    tab.page.keyboard.press("Escape")
    # and in the NumPy track, torch is not offered at all: importing it is not allowed there
    tab.page.click('input[name="track"][value="numpy"]')
    start_empty(tab)
    tab.page.keyboard.type("import ", delay=HUMAN)
    tab.page.keyboard.press("Control+Space")
    offered = completions(tab)
    assert "numpy" in offered and "torch" not in offered


def test_lines_wrap_in_an_editor_wide_enough_for_the_starter(new_tab: Any) -> None:
    tab = new_tab(viewport=DESKTOP)
    open_exercise(tab)
    scroller = tab.page.locator(".cm-scroller")
    sideways = "el => el.scrollWidth - el.clientWidth"
    assert scroller.evaluate(sideways) <= 0
    # the starter's longest line, its own hint, fits on one line at 1280 px
    hint = tab.page.locator(".cm-line", has_text="Your code here")
    line_height = float(tab.page.eval_on_selector(".cm-line", "l => parseFloat(getComputedStyle(l).lineHeight)"))
    box = hint.bounding_box()
    assert box is not None and box["height"] < 1.5 * line_height
    # a long one-line solution wraps instead of scrolling the editor sideways
    tab.page.click(".cm-content")
    tab.page.keyboard.press("Control+End")
    tab.page.keyboard.press("Enter")
    tab.page.keyboard.type("return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))"
                           " + 0 * x + 0 * x + 0 * x + 0 * x", delay=5)
    assert scroller.evaluate(sideways) <= 0
    assert tab.page.locator(".cm-line", has_text="0.044715 * x ** 3").evaluate("l => l.getClientRects().length") >= 1
    tab.screenshot("editor-1280-wrapping")


def test_the_splitter_gives_the_editor_more_room_and_remembers(new_tab: Any) -> None:
    tab = new_tab(viewport=DESKTOP)
    open_exercise(tab)
    editor = tab.page.locator(".cm-editor")
    before = editor.bounding_box()
    splitter = tab.page.locator("#splitter").bounding_box()
    assert before is not None and splitter is not None
    tab.page.mouse.move(splitter["x"] + splitter["width"] / 2, splitter["y"] + 100)
    tab.page.mouse.down()
    tab.page.mouse.move(splitter["x"] - 200, splitter["y"] + 100, steps=8)
    tab.page.mouse.up()
    after = editor.bounding_box()
    assert after is not None and after["width"] > before["width"] + 100
    assert tab.page.get_attribute("#splitter", "aria-valuenow") == "25"  # as far as the task stays readable
    # the keyboard moves it too (a separator with a value), and it is remembered
    tab.page.focus("#splitter")
    value = int(tab.page.get_attribute("#splitter", "aria-valuenow") or 0)
    tab.page.keyboard.press("ArrowRight")
    assert int(tab.page.get_attribute("#splitter", "aria-valuenow") or 0) == value + 2
    tab.page.reload()
    tab.page.wait_for_function("() => window.mljExercise !== undefined")
    assert int(tab.page.get_attribute("#splitter", "aria-valuenow") or 0) == value + 2


def test_the_keyboard_help_says_how_to_run_and_how_to_leave(tab: Tab) -> None:
    open_exercise(tab)
    help_text = tab.page.inner_text("#keys-help")
    assert help_text.startswith("Ctrl + Enter runs") and "Esc then Tab leaves the editor" in help_text
    assert tab.page.get_attribute(".cm-content", "aria-describedby") == "keys-help"
    # and it is true: Tab indents, Escape then Tab moves on to the Run button
    tab.page.click(".cm-content")
    tab.page.keyboard.press("Tab")
    assert tab.page.evaluate("() => document.activeElement.classList.contains('cm-content')")
    tab.page.keyboard.press("Escape")
    tab.page.keyboard.press("Tab")
    assert tab.page.evaluate("() => document.activeElement.id") == "run"


def test_on_a_mac_it_says_cmd_enter(new_tab: Any) -> None:
    tab = new_tab(init_script="Object.defineProperty(Navigator.prototype, 'platform', {get: () => 'MacIntel'});"
                              "Object.defineProperty(Navigator.prototype, 'userAgentData', {get: () => undefined});")
    open_exercise(tab)
    assert tab.page.inner_text("#keys-help").startswith("⌘ + Enter runs")


def test_a_refusal_and_a_compile_error_are_marked_on_their_line(tab: Tab) -> None:
    open_exercise(tab)
    tab.page.click('input[name="track"][value="torch"]')
    set_code(tab, gelu_file("submissions/forbidden/f_gelu.py"))  # F.gelu at line 5, column 12
    assert run(tab) == "Forbidden"
    marker = tab.page.locator(".cm-gutter-lint .cm-gutterElement", has=tab.page.locator(".cm-lint-marker-error"))
    assert marker.count() == 1
    assert tab.page.locator(".cm-lintRange-error").inner_text() == "F.gelu"
    line_top = tab.page.locator(".cm-line").nth(4).bounding_box()
    marker_box = marker.bounding_box()
    assert line_top is not None and marker_box is not None and abs(marker_box["y"] - line_top["y"]) < 4  # line 5
    marker.hover()
    tooltip = tab.page.locator(".cm-tooltip-lint")
    tooltip.wait_for()
    assert "torch.nn.functional.gelu is not allowed in this exercise" in tooltip.inner_text()
    assert tooltip.locator("code").first.inner_text() == "torch.nn.functional.gelu"

    tab.page.click('input[name="track"][value="numpy"]')
    set_code(tab, gelu_file("submissions/compile_error/syntax.py"))
    assert run(tab) == "Does not compile"
    assert tab.page.locator(".cm-lint-marker-error").count() == 1
    # the run clears old markers; a correct run leaves none
    set_code(tab, SOLUTION)
    assert run(tab) == "Accepted"
    assert tab.page.locator(".cm-lint-marker-error, .cm-lintRange-error").count() == 0
    tab.screenshot("editor-marked-line")


def test_text_typed_over_a_selection_keeps_the_page_s_csp(tab: Tab) -> None:
    """Select all, then type (or paste from a phone's keyboard): Chromium's own editing would keep the old
    colour in a <span style>, which the CSP blocks and reports; the editor puts the text in itself."""
    open_exercise(tab)
    tab.page.click(".cm-content")
    for replace in (lambda: tab.page.keyboard.type("x = 1"), lambda: tab.page.keyboard.insert_text("y = 2\nz = 3")):
        tab.page.keyboard.press("Control+a")
        replace()
        tab.page.wait_for_timeout(100)  # a violation is reported asynchronously
    assert get_code(tab) == "y = 2\nz = 3"
    tab.page.keyboard.press("Control+z")
    assert get_code(tab) == "x = 1"  # each replacement one step of undo, as typing is
    tab.page.keyboard.press("Control+a")
    tab.page.keyboard.type("(")  # a bracket typed over a selection still wraps it
    assert get_code(tab) == "(x = 1)"
    assert not [p for p in tab.problems if "CSP" in p or "Content Security Policy" in p], tab.problems


def test_after_run_the_focus_is_on_the_verdict_not_lost(tab: Tab) -> None:
    """Run is disabled while grading, which would drop its focus to <body>: the verdict takes it."""
    open_exercise(tab)
    set_code(tab, SOLUTION)
    tab.page.focus("#run")
    before = int(tab.page.evaluate("() => Number(document.getElementById('result').dataset.runs || 0)"))
    tab.page.keyboard.press("Enter")
    tab.page.wait_for_function(f"() => Number(document.getElementById('result').dataset.runs || 0) > {before}")
    tab.page.wait_for_function("() => !document.getElementById('run').disabled")
    assert tab.page.evaluate("() => document.activeElement.id") == "verdict"
    tab.page.keyboard.press("Tab")  # and Tab goes on from there, into the report
    assert tab.page.evaluate("() => document.getElementById('result').contains(document.activeElement)")
