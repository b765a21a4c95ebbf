"""Which language a request wants, and the interface strings of the web pages (the `[web]` table of
judge/locales/<lang>.toml, next to the CLI's strings, so one test keeps every language complete)."""

from __future__ import annotations

from typing import Any

from flask import Flask, request

from mljudge.judge.exercise import TRACKS
from mljudge.judge.i18n import DEFAULT_LANG, LANGS, t

COOKIE = "lang"
LANG_NAMES = {"en": "English", "ru": "Русский"}

# Strings the browser scripts need (result panel, hints, lesson readout); sent once per page as JSON.
JS_KEYS = (
    "difference", "hidden", "hint_n", "hint_next", "hint_show", "hint_targeted", "hint_recognised", "issue_at",
    "network_error",
    "plot_difference", "plot_heading", "plot_no_curve", "plot_reference", "plot_yours", "readout_x", "reset_confirm",
    "running", "stats", "task_checking", "wrong_track_switch",
    *(f"state.{s}" for s in ("not_started", "attempted", "solved")),
    *(f"track.{name}" for name in TRACKS),
    *(f"status.{s}" for s in ("passed", "failed", "error", "timeout", "not_run", "forbidden")),
)


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


def js_strings(lang: str) -> dict[str, str]:
    # Placeholders stay as {name}: the scripts fill them in.
    return {key: t(f"web.{key}", lang) for key in JS_KEYS}


def init_app(app: Flask) -> None:
    """Give every template `lang`, `_()`, the language switch and the scripts' strings."""
    from urllib.parse import urlencode

    from flask import g

    @app.context_processor
    def _context() -> dict[str, Any]:
        lang = g.get("lang") or request_lang()

        def _(key: str, **params: Any) -> str:
            return wt(key, lang, **params)

        switch = [{"code": code, "name": LANG_NAMES[code],
                   "url": f"{request.path}?{urlencode({'lang': code})}"} for code in LANGS]
        return {"lang": lang, "_": _, "languages": switch, "strings": js_strings(lang)}
