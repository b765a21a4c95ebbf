"""The strings the pages' scripts and templates ask for exist, in every language: _("key") in templates, t("key") in
web/static/js among the strings the page sends (the web table of the string catalogue). A missing key would show
the key itself to a learner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mljudge.judge.i18n import LANGS, keys
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.web.i18n import page_strings

WEB = Path(__file__).resolve().parents[2] / "mljudge" / "web"


def test_every_language_sends_the_same_page_strings() -> None:
    catalogs = {lang: set(page_strings(lang)) for lang in LANGS}
    assert all(sent == catalogs["en"] for sent in catalogs.values())
    assert {"keys_help", "last_run", "cases_range", "scroll_more", "running", "state.solved"} <= catalogs["en"]
    assert not {key for key in catalogs["en"] if key.startswith("panel.")}, "the panels' strings go with the panels"


def test_templates_ask_only_for_existing_web_strings() -> None:
    used = set()
    for template in (WEB / "templates").glob("*.html"):
        used |= set(re.findall(r"""\b_\(["']([\w.]+)["']""", template.read_text(encoding="utf-8")))
    assert {"keys_help", "section_code", "plot_drag_help", "brand"} <= used
    used = {key for key in used if not key.endswith(".")}  # _("track." ~ t): the names, checked by the scripts' test
    for lang in LANGS:
        missing = {f"web.{key}" for key in used} - keys(lang)
        assert not missing, (lang, sorted(missing))


@pytest.mark.parametrize("lang", LANGS)
def test_scripts_ask_only_for_strings_the_page_sends(lang: str) -> None:
    sent = set(page_strings(lang))
    used = set()
    for script in (WEB / "static" / "js").glob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", script.read_text(encoding="utf-8")))
    assert {"hint_next", "running_now", "input"} <= used
    assert used <= sent, sorted(used - sent)
    # and the keys built at run time: t(`status.${status}`), t(`track.${name}`)
    assert {f"status.{s}" for s in ("passed", "failed", "error", "timeout", "not_run", "forbidden")} <= sent
    assert {f"track.{name}" for name in TRACK_NAMES} <= sent
