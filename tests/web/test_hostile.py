"""A hostile client against the real app (the whole course, a real sandbox pool and SQLite record): hostile numbers
for every parameter of every lesson panel of every exercise, and hostile paths, query strings, bodies and content
types for every route and method. Nothing may be a 5xx: each is a 4xx saying why (a parameter's 400 names it)."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient

from mljudge.judge.catalog import Catalog
from mljudge.judge.lessons import Choice, Panel, load_lesson
from mljudge.judge.report import REPORT_VERSION
from mljudge.sandbox import Pool
from mljudge.store import Store
from mljudge.web import create_app
from tests.web.conftest import EXERCISES

COURSE = Catalog(EXERCISES)

# What a client can put where a number belongs.
HOSTILE_NUMBERS = [
    "inf", "-inf", "+inf", "Infinity", "-Infinity", "nan", "NaN", "-nan", "1e308", "-1e308", "1e309", "-1e309",
    "1.7976931348623157e308", "9" * 400, "-" + "9" * 5000, "1" + "0" * 20_000,
    "", " ", "abc", "0x10", "1e", "--1", "1.5.5", "1,5", "\x00", "%", "½", "¹", "1 2", "[1]", "{}", "true", "None",
]


def _panels() -> Iterator[tuple[str, Panel, str]]:
    for exercise in COURSE.all():
        lesson = load_lesson(exercise)
        for panel in lesson.panels if lesson else ():
            for name in panel.params:
                yield exercise.slug, panel, name


PANEL_PARAMS = list(_panels())


@pytest.fixture(scope="module")
def app(pool: Pool, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    store = Store.open(f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'record.sqlite3'}")
    store.upgrade()
    yield create_app({"TESTING": True, "RATE_LIMIT": "1000000/minute"}, pool=pool, catalog=COURSE, store=store)
    store.close()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def test_the_course_has_panel_parameters_to_attack() -> None:
    assert {(slug, name) for slug, _, name in PANEL_PARAMS} >= {("sgd-momentum", "lr"), ("adam", "momentum"),
                                                               ("xor", "seed"), ("xor", "table")}


@pytest.mark.parametrize(("slug", "panel", "name"), PANEL_PARAMS,
                         ids=[f"{slug}-{panel.id}-{name}" for slug, panel, name in PANEL_PARAMS])
def test_every_panel_parameter_refuses_hostile_numbers_with_a_400_naming_it(client: FlaskClient, slug: str,
                                                                           panel: Panel, name: str) -> None:
    """?lr=inf and 1e308 used to be an OverflowError (a 500) on the optimiser and xor panels."""
    url = f"/api/lessons/{slug}/panels/{panel.id}"
    grid = panel.params[name]
    wrong = []
    for value in HOSTILE_NUMBERS:
        response = client.get(f"{url}?{urlencode({name: value})}")
        body = response.get_json()
        if response.status_code != 400 or body["error"] != "bad_request" or f"{name} must be" not in body["detail"]:
            wrong.append((value[:20], response.status_code, body))
    assert not wrong, wrong
    if not isinstance(grid, Choice):  # what it is told, precisely
        detail = client.get(f"{url}?{name}=inf").get_json()["detail"]
        assert f"{name} must be a finite number from {grid.min:g} to {grid.max:g}, not 'inf'" in detail
        detail = client.get(f"{url}?{name}={grid.max + 10 * grid.step}").get_json()["detail"]
        assert f"{name} must be from {grid.min:g} to {grid.max:g}" in detail
        assert "must be a number" in client.get(f"{url}?{name}=abc").get_json()["detail"]
        assert len(client.get(f"{url}?{name}={'9' * 5000}").get_json()["detail"]) < 400  # not echoed whole
    default = panel.defaults()[name]
    twice = client.get(f"{url}?{name}={default}&{name}={default}")
    assert twice.status_code == 400 and f"{name} is given 2 times" in twice.get_json()["detail"]
    assert client.get(f"{url}?{name}={default}").status_code == 200  # the real thing still works


# --- every route ---------------------------------------------------------------------------------------------

DEEP_ARRAY = "[" * 50_000 + "]" * 50_000  # past the decoder's limit, under the body limit
DEEP_OBJECT = '{"a":' * 1000 + "1" + "}" * 1000  # within the decoder's limit (1024), past the API's
# A forged report whose message nests 900 levels (sentences in sentences): a RecursionError (a 500) it used to be.
DEEP_MESSAGE = json.loads('{"say": "verdict.accepted.message", "params": {"p": [' * 300 + '"x"' + "]}}" * 300)
DEEP_REPORT = json.dumps({"report": {"version": REPORT_VERSION, "exercise": "gelu", "track": "numpy",
                                     "verdict": "accepted", "cases": [], "message": [DEEP_MESSAGE]}})
HOSTILE_VALUES: list[Any] = [None, True, 0, -1, 1e308, -1e308, 2**63, "inf", "nan", "", "9" * 5000, [], {}, [[[[]]]],
                             {"a": {"b": {"c": {}}}}, "\ud800x", "\x00"]


def _bodies() -> list[tuple[str, bytes | str]]:
    """(content type, body) pairs a hostile client might send to any POST."""
    raw: list[str | bytes] = [
        "", "null", "[]", '"x"', "1e999", "-1e999", "9" * 400, "{", '{"code": ', "NaN", '{"a": NaN}', DEEP_ARRAY,
        DEEP_OBJECT, DEEP_REPORT, '{"code": ' + DEEP_ARRAY[:20_000] + "}", b"\xff\xfe{\x00}", b'{"code": "\xc3\x28"}',
        '{"code": "\\ud800"}', '{"answers": {"x": 1' + "0" * 5000 + "}}", '{"a": 1, "a": 2, "code": 3}',
        '{"report": "' + "A" * 60_000 + '"}', '{"report": ".' + "eJ" * 1000 + '.x"}',
        '{"code": "' + "a" * 200_000 + '"}',  # over the body limit: 413
    ]
    for key in ("code", "track", "lang", "report", "answers"):
        for value in HOSTILE_VALUES:
            raw.append(json.dumps({key: value, "answers": {"exact": value}, "code": "x"} if key != "code" else
                                  {key: value}, allow_nan=True))
    bodies: list[tuple[str, bytes | str]] = [("application/json", body) for body in raw]
    kinds = ("text/plain", "application/json; charset=utf-16", "multipart/form-data; boundary=x",
             "application/x-www-form-urlencoded", "application/json; charset=" + "x" * 3000, "")
    bodies += [(kind, '{"code": "x"}') for kind in kinds]
    return bodies


QUERIES = ["", "lang=xx", "lang=" + "a" * 5000, "lang=ru&lang=en", "lang=%00", "exercise=../../etc/passwd",
           "exercise=%00", "exercise=" + "x" * 3000, "exercise=gelu&exercise=relu", "lr=inf&momentum=nan",
           "lr=5e-324&seed=-0", "v=../../x", "&".join(f"p{i}=1e308" for i in range(300)), "%ff=%fe", "a[b][c]=1"]
SEGMENTS = {
    "slug": ["sgd-momentum", "gelu", "xor", "..%2F..%2Fetc%2Fpasswd", "%00", "a" * 3000, "%C0%AE%C0%AE", "GELU",
             "gelu%20", "con"],
    "panel_id": ["descent", "decision-boundary", "x", "%00", "..%2F"],
    "task_id": ["x", "%00", "a" * 500],
    "submission_id": ["0" * 32, "x", "%00", "f" * 33, "1%20OR%201=1"],
    "filename": ["js/exercise.js", "../signing.py", "..%2F..%2Fweb%2Fsigning.py", "%00", "a/" * 500],
}


def _variants(rule: Any) -> list[str]:
    """The rule's path with each of its variables given each value of SEGMENTS (the first: real values)."""
    variants = [rule.rule]
    for name in rule.arguments:
        pattern = re.compile(rf"<(?:[a-z]+:)?{name}>")
        variants = [pattern.sub(value, v) for v in variants for value in SEGMENTS[name]]
    return variants


def test_no_route_answers_a_hostile_request_with_a_5xx(app: Flask) -> None:
    """Every route and method: hostile path segments; on real paths, hostile query strings, and (for POSTs) hostile
    bodies and content types."""
    client = app.test_client()
    failed = []
    sent = 0

    def check(method: str, url: str, **kwargs: Any) -> None:
        nonlocal sent
        sent += 1
        response = client.open(url, method=method, **kwargs)
        if response.status_code >= 500:
            failed.append((method, url[:120], kwargs.get("content_type"), str(kwargs.get("data"))[:80],
                           response.status_code, response.data[:200]))

    lessons = [(e.slug, lesson) for e in COURSE.all() if (lesson := load_lesson(e)) is not None]
    tasks = [f"/api/lessons/{slug}/tasks/{quote(t.id)}" for slug, lesson in lessons for t in lesson.tasks][:3]
    for rule in app.url_map.iter_rules():
        variants = _variants(rule)
        methods = sorted(rule.methods or ())
        for method in [*methods, "PUT", "DELETE", "PATCH"]:
            for path in variants:
                check(method, path)
        for method in (m for m in methods if m not in ("HEAD", "OPTIONS")):
            for query in QUERIES[1:]:
                check(method, f"{variants[0]}?{query}")
        if "POST" in methods:
            for path in tasks if "task_id" in rule.arguments else variants[:1]:
                for content_type, body in _bodies():
                    check("POST", path, data=body, content_type=content_type)
    assert sent > 1500  # the sweep really ran
    assert not failed, "\n".join(map(str, failed[:20])) + f"\n… {len(failed)} in all"


def test_hostile_cookies_and_headers_are_never_a_5xx(app: Flask) -> None:
    failed = []
    forged = secrets.token_urlsafe(32) + "." + secrets.token_urlsafe(32)
    for value in ["", "x" * 4000, "a.b", "..", "\x7f", "é", "=;=", forged, "a." + "A" * 43]:
        for name in ("mlj_learner", "lang"):
            client = app.test_client()
            client.set_cookie(name, value)
            for path in ("/", "/api/submissions", "/api/progress", "/exercises/gelu"):
                response = client.get(path, headers={"Accept-Language": value or "*", "X-Forwarded-For": value})
                if response.status_code >= 500:
                    failed.append((name, value[:20], path, response.status_code))
    assert not failed, failed
