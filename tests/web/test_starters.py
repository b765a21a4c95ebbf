"""The starter over HTTP: `GET /api/exercises/<slug>` and the exercise page give it in the asked language (the same
code, translated comments and docstring); the page also carries every language's, so the editor can tell an
untouched starter from written code after a language switch; an unchanged starter in any language is not
attempted."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from mljudge.judge.i18n import LANGS
from mljudge.sandbox import NAMES as TRACK_NAMES
from tests.web.conftest import gelu_file
from tests.web.test_api import call

STARTERS = {(track, lang): gelu_file(f"starters/{track}.py" if lang == "en" else f"starters/{track}.{lang}.py")
            for track in TRACK_NAMES for lang in LANGS}


def page_data(body: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', body, re.S)
    assert found, "no page data"
    return json.loads(found.group(1))  # type: ignore[no-any-return]


@pytest.mark.parametrize("lang", LANGS)
def test_the_api_gives_the_starter_in_the_asked_language(client: FlaskClient, openapi: dict[str, Any],
                                                         lang: str) -> None:
    body = call(client, openapi, "GET", f"/api/exercises/gelu?lang={lang}").get_json()
    assert body["starters"] == {track: STARTERS[track, lang] for track in TRACK_NAMES}
    assert ("Здесь ваш код" in body["starters"]["numpy"]) == (lang == "ru")


def test_the_api_follows_accept_language_for_the_starter(client: FlaskClient) -> None:
    body = client.get("/api/exercises/gelu", headers={"Accept-Language": "ru-RU,ru;q=0.9"}).get_json()
    assert body["starters"]["torch"] == STARTERS["torch", "ru"]


def test_the_page_gives_the_learner_s_starter_and_knows_every_language_s(client: FlaskClient) -> None:
    body = client.get("/exercises/gelu?lang=ru").get_data(as_text=True)
    data = page_data(body)
    assert data["starters"] == {track: STARTERS[track, "ru"] for track in TRACK_NAMES}
    assert data["starters_any"] == {track: [STARTERS[track, lang] for lang in LANGS] for track in TRACK_NAMES}
    # without JavaScript, the plain text area holds the Russian starter of the first track
    area = re.search(r'<textarea id="code-fallback"[^>]*>(.*?)</textarea>', body, re.S)
    assert area and html.unescape(area.group(1)).strip() == STARTERS["numpy", "ru"].strip()


@pytest.mark.parametrize(("track", "lang", "page_lang", "label"), [
    ("numpy", "ru", "ru", "Нет попытки"),
    ("torch", "ru", "en", "Not attempted"),  # the Russian starter sent from an English page: still untouched
    ("numpy", "en", "ru", "Нет попытки"),
])
def test_an_unchanged_starter_in_any_language_is_not_attempted(client: FlaskClient, openapi: dict[str, Any],
                                                              track: str, lang: str, page_lang: str,
                                                              label: str) -> None:
    body = call(client, openapi, "POST", "/api/exercises/gelu/submissions",
                json={"code": STARTERS[track, lang], "track": track, "lang": page_lang}).get_json()
    assert body["verdict"] == "not_attempted" and body["verdict_label"] == label
