"""Submissions that last, over the API: each POST graded, recorded once and answered with its id; the learner's
history and each submission readable only with the cookie that made them (any other id is the same 404 as a
missing one); the cookie's attributes; the record surviving a restart; a database that fails is a 503, never a
500. Real sandbox, real SQLite file."""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from itsdangerous import Signer

from mljudge.judge.catalog import Catalog
from mljudge.sandbox import Pool
from mljudge.store import Store
from mljudge.web import config, create_app
from mljudge.web.submissions import COOKIE
from tests.web.conftest import assert_conforms, gelu_file

RIGHT = gelu_file("solutions/numpy.py")
WRONG = gelu_file("submissions/wrong_answer/no_cubic.py")
NOISY = RIGHT.replace("    inner =", "    print('<script>alert(1)</script>')\n    inner =", 1)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(f"sqlite:///{tmp_path / 'var' / 'mljudge.sqlite3'}")
    opened.upgrade()
    yield opened
    opened.close()


def app_with(pool: Pool, catalog: Catalog, store: Store | None, **settings: Any) -> Flask:
    return create_app({"TESTING": True, "RATE_LIMIT": "100000/minute", **settings}, pool=pool, catalog=catalog,
                      store=store)


@pytest.fixture
def app(pool: Pool, catalog: Catalog, store: Store) -> Flask:
    return app_with(pool, catalog, store)


def submit(client: FlaskClient, code: str, **headers: str) -> dict[str, Any]:
    response = client.post("/api/exercises/gelu/submissions", json={"code": code, "track": "numpy"},
                           headers=headers)
    assert response.status_code == 200, response.get_json()
    return dict(response.get_json())


def cookie_header(response: Any) -> str:
    found = [h for h in response.headers.getlist("Set-Cookie") if h.startswith(f"{COOKIE}=")]
    assert len(found) == 1, response.headers.getlist("Set-Cookie")
    return found[0]


def test_a_submission_is_recorded_and_comes_back(app: Flask, store: Store, openapi: dict[str, Any]) -> None:
    client = app.test_client()
    wrong = submit(client, WRONG)
    right = submit(client, RIGHT)
    assert re.fullmatch(r"[0-9a-f]{32}", wrong["submission_id"]) and wrong["submission_id"] != right["submission_id"]
    assert store.count() == 2

    listed = client.get("/api/submissions?exercise=gelu")
    assert listed.status_code == 200 and "no-store" in listed.headers["Cache-Control"]
    body = listed.get_json()
    assert_conforms(openapi, "GET", "/api/submissions", 200, body)
    assert [(s["id"], s["verdict"], s["passed"]) for s in body["submissions"]] == [
        (right["submission_id"], "accepted", right["total"]), (wrong["submission_id"], "wrong_answer", wrong["passed"])]

    shown = client.get(f"/api/submissions/{wrong['submission_id']}?lang=ru")
    assert shown.status_code == 200
    detail = shown.get_json()
    assert_conforms(openapi, "GET", f"/api/submissions/{wrong['submission_id']}", 200, detail)
    assert detail["code"] == WRONG and detail["track"] == "numpy"
    assert detail["report"]["verdict"] == "wrong_answer" and detail["report"]["lang"] == "ru"
    assert detail["report"]["hints"] and detail["report"]["mistakes"] == wrong["mistakes"]

    progress = client.get("/api/progress").get_json()
    assert_conforms(openapi, "GET", "/api/progress", 200, progress)
    assert progress == {"exercises": {"gelu": "solved"}}


def test_nobody_reads_another_learners_submission(app: Flask, openapi: dict[str, Any]) -> None:
    ann, bob = app.test_client(), app.test_client()
    mine = submit(ann, WRONG)["submission_id"]
    assert bob.get("/api/submissions?exercise=gelu").get_json()["submissions"] == []
    assert bob.get("/api/progress").get_json() == {"exercises": {}}

    missing = bob.get(f"/api/submissions/{secrets.token_hex(16)}")
    assert missing.status_code == 404
    assert_conforms(openapi, "GET", "/api/submissions/x", 404, missing.get_json())
    tries = [mine,  # someone else's, its id known
             mine.upper(), mine[:-1] + ("0" if mine[-1] != "0" else "1"),  # near misses
             *(f"{n:032x}" for n in range(20)),  # enumerating
             mine + "%00", "1 OR 1=1", "x" * 300]
    for guess in tries:
        answer = bob.get(f"/api/submissions/{guess}")
        assert (answer.status_code, answer.get_json()) == (404, missing.get_json()), guess
    # A cookie made up to look like one: still nobody's.
    forger = app.test_client()
    forger.set_cookie(COOKIE, secrets.token_urlsafe(32))
    assert forger.get(f"/api/submissions/{mine}").get_json() == missing.get_json()
    assert ann.get(f"/api/submissions/{mine}").status_code == 200


def test_the_learner_cookie_is_set_once_http_only_and_lax(app: Flask) -> None:
    client = app.test_client()
    first = client.get("/")
    header = cookie_header(first)
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Path=/" in header and "Secure" not in header
    value = header.split(";")[0].split("=", 1)[1]
    assert re.fullmatch(r"[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}", value)  # 256 random bits, signed (HMAC-SHA256)
    assert not [h for h in client.get("/exercises/gelu").headers.getlist("Set-Cookie") if COOKIE in h]
    assert not [h for h in client.get("/api/exercises").headers.getlist("Set-Cookie") if COOKIE in h]
    other = app.test_client()
    assert cookie_header(other.get("/api/exercises")).split(";")[0] != header.split(";")[0]  # one per learner
    broken = app.test_client()
    broken.set_cookie(COOKIE, "not a learner id")
    assert "HttpOnly" in cookie_header(broken.get("/"))  # a malformed one is replaced


def test_the_cookie_is_secure_over_https_through_a_trusted_proxy_only(pool: Pool, catalog: Catalog,
                                                                      store: Store) -> None:
    app = app_with(pool, catalog, store, TRUSTED_PROXIES=config.networks("127.0.0.1"))
    proxied = app.test_client().get("/", headers={"X-Forwarded-Proto": "https"})
    assert "Secure" in cookie_header(proxied)
    claimed = app.test_client().get("/", headers={"X-Forwarded-Proto": "https"},
                                    environ_base={"REMOTE_ADDR": "10.9.8.7"})
    assert "Secure" not in cookie_header(claimed)  # anyone can claim https; only the proxy is believed
    direct = app.test_client().get("/", base_url="https://localhost")
    assert "Secure" in cookie_header(direct)


def test_the_record_outlasts_a_restart(pool: Pool, catalog: Catalog, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kept.sqlite3'}"
    first = Store.open(url)
    first.upgrade()
    client = app_with(pool, catalog, first).test_client()
    made = submit(client, RIGHT)["submission_id"]
    first.close()

    again = Store.open(url)  # a new process: the same file, migrated again (nothing to do)
    again.upgrade()
    restarted = app_with(pool, catalog, again).test_client()
    restarted.set_cookie(COOKIE, client.get_cookie(COOKIE).value)  # the same browser
    assert [s["id"] for s in restarted.get("/api/submissions?exercise=gelu").get_json()["submissions"]] == [made]
    again.close()


def test_what_a_learner_printed_is_data_not_markup(app: Flask) -> None:
    client = app.test_client()
    made = submit(client, NOISY)
    shown = client.get(f"/api/submissions/{made['submission_id']}")
    assert shown.mimetype == "application/json"
    assert shown.get_json()["report"]["stdout"] == made["stdout"]
    assert "<script>alert(1)</script>" in made["stdout"]


def test_a_database_that_fails_is_a_503_never_a_500(app: Flask, store: Store) -> None:
    client = app.test_client()
    submit(client, RIGHT)
    with store.engine.begin() as connection:  # the database breaks under the running server
        connection.exec_driver_sql("DROP TABLE submissions")
    for response in (client.post("/api/exercises/gelu/submissions", json={"code": RIGHT, "track": "numpy"}),
                     client.get("/api/submissions?exercise=gelu"), client.get("/api/progress")):
        assert response.status_code == 503, response.get_json()
        assert response.get_json()["error"] == "busy" and response.headers["Retry-After"]


def test_an_unknown_exercise_and_language_are_refused(app: Flask) -> None:
    client = app.test_client()
    assert client.get("/api/submissions?exercise=nope").status_code == 404
    assert client.get("/api/submissions?lang=xx").status_code == 422


def test_an_app_without_a_store_grades_and_records_nothing(pool: Pool, catalog: Catalog) -> None:
    client = app_with(pool, catalog, None).test_client()
    assert "submission_id" not in submit(client, RIGHT)
    assert client.get("/api/submissions").get_json()["submissions"] == []


# --- only a token the server issued is a learner ---------------------------------------------------------------


def token_of(response: Any) -> str:
    return cookie_header(response).split(";")[0].split("=", 1)[1]


@pytest.mark.parametrize("planted", [
    secrets.token_urlsafe(32),  # an id as unsigned cookies held before tokens were signed
    Signer(b"another server's key", salt="mljudge.learner", key_derivation="hmac",
           digest_method=hashlib.sha256).sign(secrets.token_urlsafe(32)).decode(),
    "",
    "x" * 4000,
], ids=["unsigned", "another-servers-key", "empty", "oversized"])  # stable ids: the tokens are random
def test_a_planted_cookie_is_never_adopted(app: Flask, planted: str) -> None:
    """Session fixation: someone plants a learner cookie of their choosing in a victim's browser (a shared
    computer, a sibling domain) and later reads what the victim submitted under it. The server replaces any value
    it did not issue, so the victim's submissions are made under a token the planter never saw."""
    victim = app.test_client()
    victim.set_cookie(COOKIE, planted)
    first = victim.get("/")
    issued = token_of(first)
    assert issued != planted and "no-store" in first.headers["Cache-Control"]
    made = submit(victim, WRONG)["submission_id"]
    assert victim.get(f"/api/submissions/{made}").status_code == 200  # the victim reads it, under the new token
    planter = app.test_client()
    planter.set_cookie(COOKIE, planted)
    assert planter.get("/api/submissions?exercise=gelu").get_json()["submissions"] == []
    assert planter.get(f"/api/submissions/{made}").status_code == 404
    assert planter.get("/api/progress").get_json() == {"exercises": {}}


def test_a_token_cannot_be_altered(app: Flask) -> None:
    client = app.test_client()
    token = token_of(client.get("/"))
    learner_id, _, signature = token.partition(".")
    made = submit(client, WRONG)["submission_id"]
    for altered in (learner_id, f"{learner_id}.{signature[:-1]}A", f"{learner_id[:-1]}A.{signature}",
                    f"{learner_id}.{signature}.{signature}", f"{learner_id}.{signature[::-1]}"):
        other = app.test_client()
        other.set_cookie(COOKIE, altered)
        answer = other.get(f"/api/submissions/{made}")
        assert answer.status_code == 404 and token_of(answer) != token, altered


def test_rotating_the_key_logs_nobody_out_and_retires_the_key_before(pool: Pool, catalog: Catalog,
                                                                     store: Store) -> None:
    """A token signed with the previous key is still this learner's, and is issued again under the new key; one
    signed with a key two rotations old is a new learner."""
    first, second, third = (secrets.token_bytes(32) for _ in range(3))
    before = app_with(pool, catalog, store, SIGNING_KEYS=(first,)).test_client()
    made = submit(before, WRONG)["submission_id"]
    old_token = before.get_cookie(COOKIE).value

    rotated = app_with(pool, catalog, store, SIGNING_KEYS=(second, first)).test_client()
    rotated.set_cookie(COOKIE, old_token)
    answer = rotated.get(f"/api/submissions/{made}")
    assert answer.status_code == 200  # the same learner
    new_token = token_of(answer)  # … now under the new key
    assert new_token != old_token and new_token.partition(".")[0] == old_token.partition(".")[0]
    assert not rotated.get(f"/api/submissions/{made}").headers.getlist("Set-Cookie")  # issued once

    again = app_with(pool, catalog, store, SIGNING_KEYS=(third, second)).test_client()
    again.set_cookie(COOKIE, new_token)
    assert again.get(f"/api/submissions/{made}").status_code == 200
    stale = app_with(pool, catalog, store, SIGNING_KEYS=(third, second)).test_client()
    stale.set_cookie(COOKIE, old_token)  # never came back while `first` was the previous key
    assert stale.get(f"/api/submissions/{made}").status_code == 404


def test_responses_that_set_a_cookie_are_never_kept_by_a_shared_cache(app: Flask) -> None:
    client = app.test_client()
    for response in (client.get("/api/exercises"), app.test_client().get("/"), client.get("/?lang=ru")):
        assert response.headers.getlist("Set-Cookie")
        assert response.headers["Cache-Control"] == "private, no-store"
        assert "Cookie" in response.headers["Vary"]
    public = client.get("/api/exercises")  # a learner who has their token: nothing set, nothing personal
    assert not public.headers.getlist("Set-Cookie") and "Cache-Control" not in public.headers
    answered = client.post("/api/exercises/gelu/submissions", json={"code": WRONG, "track": "numpy"})
    rendered = client.post("/api/reports/render", json={"report": answered.get_json()["neutral"]})
    for personal in (answered, rendered, client.get("/api/submissions"), client.get("/api/progress"),
                     client.get(f"/api/submissions/{answered.get_json()['submission_id']}"),
                     client.get(f"/api/submissions/{secrets.token_hex(16)}")):  # someone else's: a 404, as private
        assert personal.headers["Cache-Control"] == "private, no-store", personal.request.path
        assert "Cookie" in personal.headers["Vary"]
