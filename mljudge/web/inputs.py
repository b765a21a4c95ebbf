"""What an API request asks for, read strictly: the language of the answer and a JSON body. Shared by every
blueprint, so that each refuses the same bad input with the same error."""

from __future__ import annotations

from typing import Any

from flask import request

from mljudge.judge.i18n import LANGS
from mljudge.web.errors import ApiError
from mljudge.web.i18n import request_lang, supported_lang, wt


def json_body(lang: str) -> dict[str, Any]:
    """The request's JSON object. Requiring the JSON content type also means a cross-site page cannot post here
    without a CORS preflight, which this API never grants."""
    if not request.is_json:
        raise ApiError(400, wt("error.not_json", lang))
    body = request.get_json(silent=True)  # a body over MAX_CONTENT_LENGTH still raises 413 here
    if not isinstance(body, dict):
        raise ApiError(400, wt("error.bad_json", lang))
    return body


def _unknown_lang(value: object) -> ApiError:
    # Said in the language the request would otherwise get (cookie, Accept-Language), not silently in English.
    return ApiError(422, wt("error.unknown_lang", request_lang(), given=str(value), langs=", ".join(LANGS)))


def answer_lang() -> str:
    """The language of the answer: ?lang= when given (an unsupported one is a 422, not a quiet English answer),
    else the cookie, then Accept-Language."""
    asked = request.args.get("lang")
    if asked and supported_lang(asked) is None:
        raise _unknown_lang(asked)
    return request_lang()


def body_lang(body: dict[str, Any]) -> str:
    """A JSON body's "lang" (a 422 when it is not a supported language), else as `answer_lang`."""
    asked = body.get("lang")
    if asked is None:
        return answer_lang()
    lang = supported_lang(asked)
    if lang is None:
        raise _unknown_lang(asked)
    return lang
