"""The web pages' newer interface strings, in web/locales/<lang>.toml, in front of the `[web]` table of
judge/locales/<lang>.toml (the older ones, shared with the CLI's checks). `text` looks here first, then there;
templates call it as `ui("key")` (web.pages), the page scripts get `strings(lang)`.

Loading checks that every language has the same keys, so a string added in one language only fails at once."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from mljudge.judge.i18n import DEFAULT_LANG, LANGS, normalize_lang
from mljudge.web.i18n import js_strings, wt

_HERE = Path(__file__).parent
# Older strings (judge's [web] table) the scripts need as well as the templates: the cases table's labels on a
# phone, where each value is labelled.
SCRIPT_KEYS = ("case", "status_col", "input", "expected", "got")


class MissingStrings(RuntimeError):
    """A web/locales file lacks keys another language has."""


@cache
def _catalogs() -> dict[str, dict[str, str]]:
    catalogs = {}
    for lang in LANGS:
        with (_HERE / f"{lang}.toml").open("rb") as f:
            catalogs[lang] = {key: str(value) for key, value in tomllib.load(f).items()}
    english = set(catalogs[DEFAULT_LANG])
    for lang, strings in catalogs.items():
        if set(strings) != english:
            raise MissingStrings(f"web/locales/{lang}.toml differs from en.toml in: {sorted(set(strings) ^ english)}")
    return catalogs


def keys() -> set[str]:
    return set(_catalogs()[DEFAULT_LANG])


def text(key: str, lang: str, **params: Any) -> str:
    """The web string `key` in `lang`: from web/locales, else judge's `web.` table (see web.i18n.wt)."""
    template = _catalogs()[normalize_lang(lang)].get(key)
    if template is None:
        return wt(key, lang, **params)
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def strings(lang: str) -> dict[str, str]:
    """Everything the page scripts need: judge's web strings for them (web.i18n.JS_KEYS, SCRIPT_KEYS) and all of
    these, placeholders left as {name} for the scripts to fill."""
    return {**js_strings(lang), **{key: wt(key, lang) for key in SCRIPT_KEYS}, **_catalogs()[normalize_lang(lang)]}
