"""Which language a request wants, and the interface strings of the web pages: the `[web]` table of the string
catalogue (judge/locales/<lang>.toml), next to the CLI's strings, so one test keeps every language complete."""

from __future__ import annotations

from typing import Any

from flask import Flask, request

from mljudge.judge import i18n
from mljudge.judge.i18n import DEFAULT_LANG, LANGS, t

COOKIE = "lang"

PANELS = "panel"  # web.panel.<kind>: the lesson panels' strings, sent with the panels on a page (web.lessons)


def supported_lang(value: object) -> str | None:
    """`value` as one of LANGS ('ru', 'RU', 'ru-RU' and 'ru_RU' are all 'ru'), or None for anything else."""
    if not isinstance(value, str):
        return None
    code = value.strip().lower().replace("_", "-").partition("-")[0]
    return code if code in LANGS else None


def request_lang(explicit: str | None = None) -> str:
    """`explicit` (a JSON body's "lang") > ?lang= > the remembered cookie > Accept-Language > English.
    An unsupported value is skipped (pages fall back; the API refuses it first, see web.api)."""
    for candidate in (explicit, request.args.get("lang"), request.cookies.get(COOKIE)):
        lang = supported_lang(candidate)
        if lang:
            return lang
    best = request.accept_languages.best_match(LANGS)
    return best or DEFAULT_LANG


def wt(key: str, lang: str, **params: Any) -> str:
    """A web interface string."""
    return t(f"web.{key}", lang, **params)


def page_strings(lang: str) -> dict[str, str]:
    """Every web string a page's script may ask for (t("key") in web/static/js), placeholders left as {name} for
    the scripts to fill; the lesson panels' own travel with the panels."""
    return {key: text for key, text in i18n.strings("web", lang).items() if not key.startswith(f"{PANELS}.")}


def init_app(app: Flask) -> None:
    """Give every template `lang`, `_()`, the language switch and the scripts' strings."""
    from urllib.parse import urlencode

    from flask import g

    @app.context_processor
    def _context() -> dict[str, Any]:
        lang = g.get("lang") or request_lang()

        def _(key: str, **params: Any) -> str:
            return wt(key, lang, **params)

        switch = [{"code": code, "name": t("language_name", code),
                   "url": f"{request.path}?{urlencode({'lang': code})}"} for code in LANGS]
        return {"lang": lang, "_": _, "languages": switch, "strings": page_strings(lang)}
