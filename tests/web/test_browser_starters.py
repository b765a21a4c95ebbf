"""The starter in the learner's language, in Chromium: the Russian page's editor opens on the Russian starter (both
tracks), a language switch with an untouched starter brings the other language's, written code survives a switch
either way, a stored draft that is only another language's starter counts as untouched, and "Reset" and Run
agree with all of it."""

from __future__ import annotations

import json
from typing import Any

from mljudge.judge.i18n import LANGS
from mljudge.sandbox import NAMES as TRACK_NAMES
from tests.web.conftest import Tab, gelu_file, get_code, open_exercise, run, set_code

STARTER = {(track, lang): gelu_file(f"starters/{track}.py" if lang == "en" else f"starters/{track}.{lang}.py")
           for track in TRACK_NAMES for lang in LANGS}


def switch_language(tab: Tab, lang: str) -> None:
    tab.page.click(f'.lang-switch a[lang="{lang}"]')  # leaving the page saves the draft at once
    tab.page.wait_for_function(f"() => document.documentElement.lang === '{lang}' && window.mljExercise")


def choose_track(tab: Tab, track: str) -> None:
    tab.page.click(f'input[name="track"][value="{track}"]')


def test_the_russian_page_opens_on_the_russian_starter(tab: Tab) -> None:
    open_exercise(tab, "/exercises/gelu?lang=ru")
    assert get_code(tab) == STARTER["numpy", "ru"]
    assert "Здесь ваш код" in tab.page.inner_text(".cm-content")  # what the learner sees, not only the model
    choose_track(tab, "torch")
    assert get_code(tab) == STARTER["torch", "ru"]
    assert run(tab) == "Нет попытки"
    tab.screenshot("starter-ru")


def test_an_untouched_starter_follows_the_language(tab: Tab) -> None:
    open_exercise(tab)
    assert get_code(tab) == STARTER["numpy", "en"]
    switch_language(tab, "ru")
    assert get_code(tab) == STARTER["numpy", "ru"]
    choose_track(tab, "torch")
    assert get_code(tab) == STARTER["torch", "ru"]
    switch_language(tab, "en")
    assert get_code(tab) == STARTER["torch", "en"]
    choose_track(tab, "numpy")
    assert get_code(tab) == STARTER["numpy", "en"]
    assert tab.page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('mlj:draft:'))") == []


def test_written_code_survives_a_language_switch(tab: Tab) -> None:
    """Code the learner wrote into the Russian starter, Russian comments and all, is theirs: it stays."""
    written = STARTER["numpy", "ru"].replace(
        '    raise NotImplementedError("функция gelu ещё не написана")',
        "    return 0.5 * x * (1 + np.tanh(0.7978845608 * (x + 0.044715 * x**3)))")
    open_exercise(tab, "/exercises/gelu?lang=ru")
    set_code(tab, written)
    switch_language(tab, "en")
    assert get_code(tab) == written
    assert run(tab) == "Accepted"
    switch_language(tab, "ru")
    assert get_code(tab) == written


def test_a_stored_draft_that_is_another_language_s_starter_is_untouched(new_tab: Any) -> None:
    """A draft kept from before (an English starter brought back from the history, say) is still a starter: the
    Russian page shows its own, and does not keep the English one as the learner's code."""
    tab = new_tab(init_script=f"localStorage.setItem('mlj:draft:gelu:numpy', {json.dumps(STARTER['numpy', 'en'])});")
    open_exercise(tab, "/exercises/gelu?lang=ru")
    assert get_code(tab) == STARTER["numpy", "ru"]
    tab.page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")
    assert tab.page.evaluate("() => localStorage.getItem('mlj:draft:gelu:numpy')") is None


def test_reset_brings_the_starter_in_the_page_s_language(new_tab: Any) -> None:
    tab = new_tab(init_script="window.confirm = () => true;")  # the "are you sure?" answered yes
    open_exercise(tab)
    set_code(tab, "import numpy as np\n\ndef gelu(x):\n    return x\n")
    switch_language(tab, "ru")
    assert get_code(tab).endswith("return x\n")  # the written code came along ...
    tab.page.click("#reset")
    assert get_code(tab) == STARTER["numpy", "ru"]  # ... and Reset gives the Russian starter
    assert tab.page.evaluate("() => localStorage.getItem('mlj:draft:gelu:numpy')") is None
