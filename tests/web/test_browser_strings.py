"""The strings the pages' scripts and templates ask for exist, in every language: web/locales' own (ui("key") in
templates, t("key") in web/static/js) and judge's [web] ones the scripts receive. A missing key would show
the key itself to a learner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mljudge.judge.i18n import LANGS
from mljudge.web import locales

WEB = Path(__file__).resolve().parents[2] / "mljudge" / "web"


def test_every_language_has_the_same_web_locales_keys() -> None:
    catalogs = {lang: set(locales.strings(lang)) for lang in LANGS}
    assert all(keys == catalogs["en"] for keys in catalogs.values())
    assert {"keys_help", "last_run", "cases_range", "scroll_more"} <= locales.keys()


def test_templates_ask_only_for_existing_ui_strings() -> None:
    used = set()
    for template in (WEB / "templates").glob("*.html"):
        used |= set(re.findall(r"""\bui\(["']([\w.]+)["']""", template.read_text(encoding="utf-8")))
    assert {"keys_help", "section_code", "plot_drag_help"} <= used
    assert used <= locales.keys(), sorted(used - locales.keys())


@pytest.mark.parametrize("lang", LANGS)
def test_scripts_ask_only_for_strings_the_page_sends(lang: str) -> None:
    sent = set(locales.strings(lang))
    used = set()
    for script in (WEB / "static" / "js").glob("*.js"):
        used |= set(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", script.read_text(encoding="utf-8")))
    assert {"hint_next", "running_now", "input"} <= used
    assert used <= sent, sorted(used - sent)
    # and the keys built at run time: t(`status.${status}`), t(`track.${name}`)
    assert {f"status.{s}" for s in ("passed", "failed", "error", "timeout", "not_run", "forbidden")} <= sent
    assert {"track.numpy", "track.torch"} <= sent
