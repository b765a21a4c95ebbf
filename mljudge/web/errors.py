"""Errors as answers: JSON `{"error": code, "detail": text}` under /api, a small HTML page elsewhere.

`error` is a stable machine-readable code; `detail` a sentence for people, in the request's language.
"""

from __future__ import annotations

import json
import logging
import time

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.datastructures import LanguageAccept
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_accept_header, parse_cookie

from mljudge.judge.i18n import DEFAULT_LANG, LANGS
from mljudge.web.i18n import COOKIE, request_lang, supported_lang, wt

log = logging.getLogger("mljudge.web")

CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    413: "payload_too_large",
    415: "unsupported_media_type",
    422: "unprocessable",
    429: "rate_limited",
    431: "headers_too_large",
    500: "internal_error",
    501: "not_implemented",
    503: "busy",
}


class ApiError(Exception):
    """Raised by API views; rendered by the handler below."""

    def __init__(self, status: int, detail: str, *, error: str | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.error = error or CODES.get(status, "error")
        self.detail = detail
        self.headers = headers or {}


def _is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def json_error(status: int, error: str, detail: str, headers: dict[str, str] | None = None) -> Response:
    response = jsonify({"error": error, "detail": detail})
    response.status_code = status
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _api_error(exc: ApiError) -> Response:
    return json_error(exc.status, exc.error, exc.detail, exc.headers)


def http_detail(status: int, lang: str, fallback: str) -> str:
    """Our sentence for an HTTP status in `lang`, or `fallback` when we have none for it."""
    detail = wt(f"error.http_{status}", lang)
    return fallback if detail == f"web.error.http_{status}" else detail


def server_error_body(status: int, reason: str, accept_language: str | None, cookie: str | None) -> bytes:
    """The JSON body of an error the HTTP server answers itself, before any view runs (a malformed request line,
    headers too large, a request too slow: see web.server), in the language its headers ask for if they got that
    far."""
    lang = supported_lang(parse_cookie(cookie or "").get(COOKIE))
    lang = lang or parse_accept_header(accept_language, LanguageAccept).best_match(LANGS) or DEFAULT_LANG
    body = {"error": CODES.get(status, "error"), "detail": http_detail(status, lang, reason)}
    return json.dumps(body, ensure_ascii=False).encode("utf-8")


def _http_error(exc: HTTPException) -> Response | tuple[str, int, dict[str, str]]:
    status = exc.code or 500
    lang = request_lang()
    detail = http_detail(status, lang, exc.description or exc.name)  # no sentence of our own: werkzeug's
    headers = {}
    if status == 429:
        detail = wt("error.http_429", lang, limit=exc.description or "")
        headers["Retry-After"] = str(_retry_after())
    if _is_api():
        response = json_error(status, CODES.get(status, "error"), detail, headers)
        if status == 405 and exc.response is None:
            response.headers["Allow"] = ", ".join(getattr(exc, "valid_methods", None) or [])
        return response
    return render_template("error.html", lang=lang, status=status, detail=detail), status, headers


def _retry_after() -> int:
    """Seconds until the breached rate-limit window resets (at least 1)."""
    limit = current_app.extensions["mljudge"]["limiter"].current_limit
    return max(1, int(limit.reset_at - time.time())) if limit is not None else 60


def _unexpected(exc: Exception) -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    log.exception("unhandled error on %s %s", request.method, request.path)
    lang = request_lang()
    detail = wt("error.http_500", lang)
    if _is_api():
        return json_error(500, "internal_error", detail)
    return render_template("error.html", lang=lang, status=500, detail=detail), 500


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
