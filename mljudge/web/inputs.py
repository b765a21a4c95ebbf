"""What an API request asks for, read strictly: the language of the answer and a JSON body. Shared by every
blueprint, so that each refuses the same bad input with the same error."""

from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.datastructures import MultiDict

from mljudge.judge.i18n import LANGS
from mljudge.web.errors import ApiError
from mljudge.web.i18n import request_lang, supported_lang, wt

# How deep a request's JSON may nest: every body the API takes is an object of strings, numbers and one object of
# answers. The parser (orjson) stops at 1024 levels; anything past this is refused before a view walks it.
MAX_JSON_DEPTH = 8


class BadQuery(ValueError):
    """A query string that cannot be read as one value per parameter."""


def json_body(lang: str) -> dict[str, Any]:
    """The request's JSON object, nested at most MAX_JSON_DEPTH deep (its size is bounded by MAX_CONTENT_LENGTH: a
    413). Requiring the JSON content type also means a cross-site page cannot post here without a CORS
    preflight, which this API never grants."""
    if not request.is_json:
        raise ApiError(400, wt("error.not_json", lang))
    body = request.get_json(silent=True)  # a body over MAX_CONTENT_LENGTH still raises 413 here
    if not isinstance(body, dict):
        raise ApiError(400, wt("error.bad_json", lang))
    if depth(body) > MAX_JSON_DEPTH:
        raise ApiError(400, wt("error.json_too_deep", lang, limit=MAX_JSON_DEPTH))
    return body


def depth(value: Any) -> int:
    """How deep `value` nests (a scalar: 0, [] or {}: 1), counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is not None:
            deepest = max(deepest, level)
            stack.extend((child, level + 1) for child in children)
    return deepest


def single_values(args: MultiDict[str, str], *, ignore: tuple[str, ...] = ()) -> dict[str, str]:
    """{name: value} of a query string in which each parameter comes once (but those in `ignore`); a parameter
    given twice is ambiguous: BadQuery, naming it."""
    values = {}
    for name in args:
        if name in ignore:
            continue
        given = args.getlist(name)
        if len(given) != 1:
            raise BadQuery(f"{name} is given {len(given)} times; give it once")
        values[name] = given[0]
    return values


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
