"""Your submissions, in Chromium with the real sandbox and a real SQLite record: runs listed newest first, kept by
the server across a reload and a cleared browser, one clicked brought back (its report, its code in the editor),
nothing of one learner shown to another, and the course page's marks from the server. What a learner printed
stays text."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.sandbox import Pool
from mljudge.store import Store
from mljudge.web import create_app
from tests.web.conftest import EXERCISES, check_clean, gelu_file, get_code, open_exercise, open_tab, run, set_code

WRONG = gelu_file("submissions/wrong_answer/no_cubic.py")
RIGHT = gelu_file("solutions/numpy.py").replace(
    "    inner =", "    print('<img src=x onerror=alert(1)>')\n    inner =", 1)


@pytest.fixture(scope="module")
def recorded(pool: Pool, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of its own that records submissions (the shared live server keeps no record)."""
    import waitress

    store = Store.open(f"sqlite:///{tmp_path_factory.mktemp('var') / 'mljudge.sqlite3'}")
    store.upgrade()
    app = create_app({"RATE_LIMIT": "100000/minute"}, pool=pool, catalog=Catalog(EXERCISES), store=store)
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}"
    server.close()
    thread.join(timeout=5)
    store.close()


def rows(page: Any, count: int) -> list[str]:
    page.wait_for_selector(f'#history[data-count="{count}"]', state="attached" if count == 0 else "visible")
    shown = page.eval_on_selector_all(".history-item .history-verdict", "s => s.map(e => e.dataset.verdict)")
    return [str(v) for v in shown]


def test_your_submissions_last_and_come_back(browser: Any, recorded: str) -> None:
    context, tab = open_tab(browser, recorded)
    try:
        open_exercise(tab)
        page = tab.page
        assert rows(page, 0) == []
        assert "Nothing submitted yet" in page.text_content(".history-note")
        set_code(tab, WRONG)
        assert run(tab) == "Wrong answer"
        set_code(tab, RIGHT)
        assert run(tab) == "Accepted"
        assert rows(page, 2) == ["accepted", "wrong_answer"]  # newest first, added as they come

        page.reload()
        page.wait_for_function("() => window.mljExercise !== undefined")
        assert rows(page, 2) == ["accepted", "wrong_answer"]  # from the server
        page.evaluate("() => localStorage.clear()")
        page.reload()
        page.wait_for_function("() => window.mljExercise !== undefined")
        assert rows(page, 2) == ["accepted", "wrong_answer"]  # not from this browser's storage

        before = int(page.evaluate("() => Number(document.getElementById('result').dataset.runs || 0)"))
        page.click('.history-item >> nth=1')
        page.wait_for_function(f"() => Number(document.getElementById('result').dataset.runs || 0) > {before}")
        assert get_code(tab) == WRONG
        assert page.inner_text("#verdict") == "Wrong answer"
        assert page.inner_text("#result-note").startswith("Your submission of")
        assert page.get_attribute(".history-item >> nth=1", "aria-current") == "true"
        tab.screenshot("submissions-history")
        # in another language the page shows the same submission (said in that language), not the last run
        for lang, verdict, note in (("ru", "Неверный ответ", "Ваше решение от"),
                                    ("en", "Wrong answer", "Your submission of")):
            page.goto(f"{recorded}/exercises/gelu?lang={lang}")
            page.wait_for_function("() => window.mljExercise !== undefined")
            page.wait_for_function("note => document.getElementById('result-note').textContent.startsWith(note)",
                                   arg=note)
            assert page.inner_text("#verdict") == verdict and get_code(tab) == WRONG
            assert page.get_attribute(".history-item >> nth=1", "aria-current") == "true"

        page.click('.history-item >> nth=0')
        page.wait_for_function("() => document.getElementById('verdict').textContent === 'Accepted'")
        assert "<img src=x onerror=alert(1)>" in page.inner_text("#stdout")  # shown as the text it is
        assert page.eval_on_selector_all("#result img", "imgs => imgs.length") == 0
        assert tab.dialogs == []
        cookies = context.cookies()
    finally:
        context.close()
    check_clean(tab)

    other_context, other = open_tab(browser, recorded)  # another learner, on the same machine
    try:
        open_exercise(other)
        assert rows(other.page, 0) == []
    finally:
        other_context.close()
    check_clean(other)

    same_context, same = open_tab(browser, recorded)  # the first learner in a fresh browser profile, cookie kept
    try:
        same_context.add_cookies(cookies)
        same.goto("/")
        same.page.wait_for_selector('body[data-progress="loaded"]')
        assert same.page.get_attribute('.card[data-slug="gelu"] .state', "data-state") == "solved"
        assert same.page.get_attribute('.card[data-slug="relu"] .state', "data-state") == "not_started"
    finally:
        same_context.close()
    check_clean(same)


def test_the_panel_is_in_russian_too(browser: Any, recorded: str, tmp_path: Path) -> None:
    context, tab = open_tab(browser, recorded)
    try:
        open_exercise(tab, "/exercises/gelu?lang=ru")
        assert tab.page.inner_text("#history-heading") == "Ваши решения"
        rows(tab.page, 0)
        assert "Пока ничего не отправлено" in tab.page.inner_text(".history-note")
    finally:
        context.close()
    check_clean(tab)
