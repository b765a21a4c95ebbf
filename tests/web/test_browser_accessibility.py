"""axe-core in Chromium on every kind of page, at a desktop's and a phone's size: the course page, an exercise
before a run and after a verdict (its cases, plot and every hint open), and every kind of lesson panel (each view
of the lesson, tab by tab), with zero violations.

axe-core is vendored in tests/web/axe/ (a pinned npm release, see its README.md) and evaluated in the page through
the DevTools protocol, which the page's CSP does not govern: the app itself never loads it. One tab per size for
the whole module; each page is opened in it in turn.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
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
    open_exercise,
    open_tab,
    run,
    set_code,
)

AXE = (Path(__file__).parent / "axe" / "axe.min.js").read_text(encoding="utf-8")
NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")


def _lessons_by_panel_kind() -> dict[str, str]:
    """One lesson for each kind of panel in the course (the first in slug order), and GELU for a plot alone."""
    kinds: dict[str, str] = {"plot": "gelu"}
    for path in sorted(EXERCISES.glob("*/lesson.toml")):
        for panel in tomllib.loads(path.read_text(encoding="utf-8")).get("panel", []):
            kinds.setdefault(panel["kind"], path.parent.name)
    return kinds


LESSONS = _lessons_by_panel_kind()
PAGES = ["course", "exercise", "exercise-verdict", *(f"lesson:{kind}" for kind in LESSONS)]


@pytest.fixture(scope="module")
def tabs(browser: Any, live_server: LiveServer) -> Iterator[dict[str, Tab]]:
    opened = {"desktop": open_tab(browser, live_server.url, viewport=DESKTOP),
              "phone": open_tab(browser, live_server.url, viewport=PHONE, phone=True)}
    yield {size: tab for size, (_, tab) in opened.items()}
    for context, _ in opened.values():
        context.close()
    for _, tab in opened.values():
        check_clean(tab)


def violations(tab: Tab, where: str) -> list[str]:
    """What axe-core finds on the page as it is now (everything rendered; hidden parts are not checked)."""
    tab.page.evaluate("source => { if (!window.axe) (0, eval)(source); }", AXE)
    found = tab.page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .map(v => `${v.id} (${v.impact}): ` + v.nodes.slice(0, 3).map(n => n.target.join(' ')
          + ' ' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 200)).join(' | '))""")
    return [f"{where}: {v}" for v in found]


def open_lesson_views(tab: Tab, slug: str) -> list[str]:
    """The lesson's first view, then each other tab in turn: the violations of every one."""
    tab.goto(f"/lessons/{slug}")
    tab.page.wait_for_function("() => window.mljLesson !== undefined")
    tab.page.evaluate("() => window.mljLesson.ready")
    tab.page.wait_for_load_state("networkidle")
    found = violations(tab, slug)
    views = tab.page.locator(".views [role=tab]")
    for i in range(1, views.count()):
        views.nth(i).click()
        found += violations(tab, f"{slug}, tab {views.nth(i).inner_text()}")
    return found


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("page", PAGES)
def test_axe_finds_nothing(tabs: dict[str, Tab], page: str, size: str) -> None:
    tab = tabs[size]
    if page == "course":
        tab.goto("/")
        tab.page.wait_for_selector('body[data-progress="loaded"]', state="attached")
        found = violations(tab, "/")
    elif page.startswith("exercise"):
        tab.page.evaluate("() => localStorage.clear()")
        open_exercise(tab)
        found = violations(tab, "/exercises/gelu")
        if page == "exercise-verdict":
            if size == "phone":
                tab.page.locator('.pane-button[data-pane="code"]').tap()
                found += violations(tab, "/exercises/gelu, the code")
            set_code(tab, NO_CUBIC)
            assert run(tab) == "Wrong answer"
            button = tab.page.locator("#hint-button")
            while button.is_visible():
                button.click()
            assert tab.page.locator("#hints pre").count() > 0  # the last hint's code block is checked too
            found += violations(tab, "/exercises/gelu after a verdict, every hint open")
    else:
        found = open_lesson_views(tab, LESSONS[page.removeprefix("lesson:")])
    assert not found, "\n".join(found)
