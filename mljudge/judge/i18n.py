"""Languages: every text a learner sees exists in each of `LANGS`.

Interface strings live in one catalogue per language, `judge/locales/<lang>.toml`, as dotted keys: the judge's
(verdicts, case messages, the CLI) and the web's (`web.*`, the lesson panels' `web.panel.<kind>.*`); one test keeps
every language's keys the same. Exercise texts (titles, prompts, hints, reasons) are `Text` values read from the
exercise's own files.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

DEFAULT_LANG = "en"
_LOCALES = Path(__file__).with_name("locales")
# A language is its catalogue: adding locales/<lang>.toml adds it (and every exercise's texts must then speak it).
LANGS: tuple[str, ...] = (DEFAULT_LANG, *sorted(p.stem for p in _LOCALES.glob("*.toml") if p.stem != DEFAULT_LANG))


class Text(dict[str, str]):
    """A text in several languages: ``Text(en="...", ru="...")``; ``text.get_in(lang)`` falls back to English."""

    def get_in(self, lang: str) -> str:
        return self.get(lang) or self.get(DEFAULT_LANG) or next(iter(self.values()), "")

    def missing(self) -> list[str]:
        return [lang for lang in LANGS if not (self.get(lang) or "").strip()]


def normalize_lang(lang: str | None) -> str:
    """Map 'ru-RU', 'RU', None ... to a supported language code."""
    code = (lang or DEFAULT_LANG).strip().lower().replace("_", "-").partition("-")[0]
    return code if code in LANGS else DEFAULT_LANG


@cache
def _catalog(lang: str) -> dict[str, str]:
    with (_LOCALES / f"{lang}.toml").open("rb") as f:
        return dict(_flatten(tomllib.load(f)))


def _flatten(table: dict[str, Any], prefix: str = "") -> Any:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", str(value)


def t(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    """The interface string `key` in `lang`, with `{name}` fields filled from `params`.
    A key missing in `lang` falls back to English; missing everywhere, the key itself shows (and tests catch it)."""
    template = _catalog(normalize_lang(lang)).get(key) or _catalog(DEFAULT_LANG).get(key) or key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def keys(lang: str) -> set[str]:
    return set(_catalog(lang))


def strings(prefix: str, lang: str) -> dict[str, str]:
    """The strings under `prefix.` (their keys without it), unformatted: {name} placeholders are left for a page's
    script to fill. A key missing in `lang` is the English one."""
    start = f"{prefix}."
    english = _catalog(DEFAULT_LANG)
    mine = _catalog(normalize_lang(lang))
    return {key.removeprefix(start): mine.get(key) or text for key, text in english.items() if key.startswith(start)}
