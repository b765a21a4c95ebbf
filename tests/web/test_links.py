"""One-time links that open a terminal's or a notebook's history in a browser (web.links), against hostile
clients: only a learner the server issued a token to gets one; opening the page adopts nothing; only the page's own
form, confirmed from this site, adopts the token, once, within the link's minutes; a link made up, altered, signed
by another server, replayed or late is refused, and the refused browser keeps its own identity."""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from mljudge.judge.catalog import Catalog
from mljudge.sandbox import Pool
from mljudge.store import Store
from mljudge.web import links, signing
from mljudge.web.submissions import COOKIE
from tests.web.conftest import assert_conforms, gelu_file
from tests.web.test_submissions import app_with, submit

WRONG = gelu_file("submissions/wrong_answer/no_cubic.py")
CREATE = "/api/learner/links"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(f"sqlite:///{tmp_path / 'links.sqlite3'}")
    opened.upgrade()
    yield opened
    opened.close()


@pytest.fixture
def app(pool: Pool, catalog: Catalog, store: Store) -> Flask:
    return app_with(pool, catalog, store)


def token_of(client: FlaskClient) -> str | None:
    cookie = client.get_cookie(COOKIE)
    return cookie.value if cookie is not None else None


def link_for(client: FlaskClient, openapi: dict[str, Any], **body: Any) -> str:
    answer = client.post(CREATE, json=body)
    assert answer.status_code == 200, answer.get_json()
    assert_conforms(openapi, "POST", CREATE, 200, answer.get_json())
    assert answer.headers["Cache-Control"] == "private, no-store"
    path = answer.get_json()["path"]
    assert path.startswith(links.PATH + "#") and answer.get_json()["expires_in"] == links.LINK_SECONDS
    return str(path.partition("#")[2])


def open_page(browser: FlaskClient) -> str:
    """GET the confirmation page as a browser: the form's nonce (which equals the Strict cookie it set)."""
    page = browser.get(links.PATH)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "private, no-store"
    header = next(h for h in page.headers.getlist("Set-Cookie") if h.startswith(links.FORM_COOKIE))
    assert "SameSite=Strict" in header and "HttpOnly" in header and f"Path={links.PATH}" in header
    found = re.search(rb'name="form" value="([A-Za-z0-9_-]+)"', page.data)
    assert found
    return found.group(1).decode()


def confirm(browser: FlaskClient, link: str, nonce: str, **headers: str) -> Any:
    return browser.post(links.PATH, data={"link": link, "form": nonce}, headers=headers)


def test_a_link_opens_the_terminals_history_in_a_browser_once(app: Flask, openapi: dict[str, Any]) -> None:
    terminal = app.test_client()
    mine = submit(terminal, WRONG)["submission_id"]
    link = link_for(terminal, openapi, exercise="gelu")

    browser = app.test_client()
    browser.get("/")  # a browser with an identity of its own
    own = token_of(browser)
    assert own and own != token_of(terminal)
    nonce = open_page(browser)
    assert token_of(browser) == own  # opening the page adopts nothing
    nonce = open_page(browser)  # nor does opening it twice (a link preview, a reload)
    done = confirm(browser, link, nonce)
    assert done.status_code == 303 and done.headers["Location"].endswith("/exercises/gelu")
    assert token_of(browser) == token_of(terminal)
    assert [s["id"] for s in browser.get("/api/submissions?exercise=gelu").get_json()["submissions"]] == [mine]

    again = app.test_client()  # the same link, a second time, anywhere: refused, and nothing adopted
    again.get("/")
    theirs = token_of(again)
    refused = confirm(again, link, open_page(again))
    assert refused.status_code == 400 and b"judge history --browser" in refused.data
    assert token_of(again) == theirs and again.get("/api/submissions").get_json()["submissions"] == []


def test_only_a_learner_the_server_knows_gets_a_link(app: Flask, openapi: dict[str, Any]) -> None:
    for cookie in (None, "A" * 43, secrets.token_urlsafe(32) + "." + secrets.token_urlsafe(32),
                   signing.Keys([b"k" * 32]).learner_token("B" * 43)):
        stranger = app.test_client()
        if cookie is not None:
            stranger.set_cookie(COOKIE, cookie)
        answer = stranger.post(CREATE, json={})
        assert answer.status_code == 403 and answer.get_json()["error"] == "no_learner", cookie
        assert_conforms(openapi, "POST", CREATE, 403, answer.get_json())
    known = app.test_client()
    submit(known, WRONG)
    assert known.post(CREATE, json={"exercise": "nope"}).status_code == 404
    assert known.post(CREATE, json={"exercise": ["gelu"]}).status_code == 404
    assert known.post(CREATE, data="{}", content_type="text/plain").status_code == 400  # never a simple CORS POST


def test_the_form_is_adopted_only_from_this_sites_own_page(app: Flask, openapi: dict[str, Any]) -> None:
    terminal = app.test_client()
    submit(terminal, WRONG)
    link = link_for(terminal, openapi)
    victim = app.test_client()
    victim.get("/")
    own = token_of(victim)
    nonce = open_page(victim)
    attempts = [
        {"data": {"link": link}},  # another site's form: no nonce
        {"data": {"link": link, "form": "x" * 32}},  # a nonce of its own making
        {"data": {"link": link, "form": nonce}, "headers": {"Sec-Fetch-Site": "cross-site"}},
        {"data": {"link": link, "form": nonce}, "headers": {"Sec-Fetch-Site": "same-site"}},
        {"json": {"link": link, "form": nonce}},
    ]
    for attempt in attempts:
        answer = victim.post(links.PATH, **attempt)
        assert answer.status_code == 400 and token_of(victim) == own, attempt
    fresh = app.test_client()  # a browser that never opened the page: its POST carries no Strict cookie
    assert confirm(fresh, link, nonce).status_code == 400
    assert confirm(victim, link, nonce).status_code == 303  # the real one still works: nothing above used it up
    assert token_of(victim) == token_of(terminal)


def test_a_link_made_up_altered_foreign_or_late_is_refused(app: Flask, openapi: dict[str, Any],
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = app.test_client()
    submit(terminal, WRONG)
    link = link_for(terminal, openapi)
    learner_id = app.extensions["mljudge"]["keys"].learner_id(token_of(terminal)).value
    foreign = signing.Keys([b"f" * 32]).link_token({"l": learner_id, "n": "n" * 32, "e": None})
    now = time.time()
    monkeypatch.setattr("itsdangerous.timed.time.time", lambda: now - links.LINK_SECONDS - 5)
    late = app.extensions["mljudge"]["keys"].link_token({"l": learner_id, "n": "m" * 32, "e": None})
    monkeypatch.undo()
    odd = app.extensions["mljudge"]["keys"].link_token({"l": "../x", "n": "o" * 32, "e": None})
    for bad in ("", "x", link[:-2] + ("AA" if not link.endswith("AA") else "BB"), foreign, late, odd, "." * 5000):
        browser = app.test_client()
        answer = confirm(browser, bad, open_page(browser))
        assert answer.status_code == 400 and token_of(browser) != token_of(terminal), bad[:40]
