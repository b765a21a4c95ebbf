"""The JSON API with Flask's test client: every status code, both languages, and every answer checked against
the OpenAPI document the app serves."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from flask.testing import FlaskClient
from itsdangerous import URLSafeSerializer
from jsonschema import Draft202012Validator
from werkzeug.test import TestResponse

from mljudge.judge.catalog import Catalog
from mljudge.judge.pools import new_pool
from mljudge.judge.report import REPORT_VERSION
from mljudge.sandbox import NAMES as TRACK_NAMES
from mljudge.sandbox.pool import Busy, Pool
from mljudge.web import client_address, config, security
from mljudge.web.inputs import MAX_JSON_DEPTH
from tests.web.conftest import assert_conforms, gelu_file, make_app

SUBMIT = "/api/exercises/gelu/submissions"
SOLUTION = gelu_file("solutions/numpy.py")
NO_CUBIC = gelu_file("submissions/wrong_answer/no_cubic.py")


def call(client: FlaskClient, openapi: dict[str, Any], method: str, path: str, **kwargs: Any) -> TestResponse:
    """Make the request and check the answer against the document: JSON, and the declared schema."""
    response = client.open(path, method=method, **kwargs)
    assert response.is_json, response.data[:200]
    assert_conforms(openapi, method, path, response.status_code, response.get_json())
    return response


def assert_error(response: TestResponse, status: int, error: str) -> dict[str, Any]:
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert body["error"] == error
    assert body["detail"].strip()
    return body  # type: ignore[no-any-return]


# --- reading ----------------------------------------------------------------------------------------------------


def test_list_exercises(client: FlaskClient, openapi: dict[str, Any]) -> None:
    body = call(client, openapi, "GET", "/api/exercises").get_json()
    gelu = next(e for e in body["exercises"] if e["slug"] == "gelu")
    assert gelu["tracks"] == list(TRACK_NAMES)  # GELU is written in every track
    assert gelu["title"]["ru"].startswith("GELU через")
    assert gelu["module"] == "bends" and gelu["lesson"] is True
    assert [m["number"] for m in body["modules"]] == sorted(m["number"] for m in body["modules"])


@pytest.mark.parametrize(("lang", "heading"), [("en", "## Background"), ("ru", "## Предыстория")])
def test_exercise_detail_in_both_languages(client: FlaskClient, openapi: dict[str, Any], lang: str,
                                           heading: str) -> None:
    body = call(client, openapi, "GET", f"/api/exercises/gelu?lang={lang}").get_json()
    assert body["lang"] == lang
    assert heading in body["prompt"]["markdown"]
    assert "<table>" in body["prompt"]["html"] and "<pre><code>" in body["prompt"]["html"]
    assert set(body["starters"]) == set(TRACK_NAMES)
    assert [c["id"] for c in body["cases"]] == ["example-1", "example-2"]
    assert body["cases"][0]["input"] == {"x": [-1.0, 0.0, 1.0]}
    assert len(body["hidden_cases"]) == 4 and "input" not in body["hidden_cases"][0]
    assert body["hint_count"] == 4
    assert body["function"]["signature"] == "gelu(x)" and body["function"]["elementwise"] is True
    assert body["limits"]["wall_seconds"] == 5


def test_accept_language_chooses_the_default(client: FlaskClient) -> None:
    body = client.get("/api/exercises/gelu", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}).get_json()
    assert body["lang"] == "ru"
    body = client.get("/api/exercises/gelu?lang=en", headers={"Accept-Language": "ru"}).get_json()
    assert body["lang"] == "en"


def test_unknown_exercise_is_404(client: FlaskClient, openapi: dict[str, Any]) -> None:
    assert_error(call(client, openapi, "GET", "/api/exercises/nope"), 404, "not_found")
    assert_error(call(client, openapi, "POST", "/api/exercises/nope/submissions", json={"code": "x"}),
                 404, "not_found")
    assert_error(client.get("/api/no-such-endpoint"), 404, "not_found")


@pytest.mark.parametrize("slug", ["a" * 65, "a" * 256, "g" * 5000, "gelu..", "Gelu", "-gelu"])
def test_a_slug_that_cannot_be_an_exercise_is_404(client: FlaskClient, openapi: dict[str, Any], slug: str) -> None:
    # 256+ characters used to reach the filesystem and fail there (File name too long): a 500
    assert_error(call(client, openapi, "GET", f"/api/exercises/{slug}"), 404, "not_found")
    assert_error(call(client, openapi, "POST", f"/api/exercises/{slug}/submissions", json={"code": "x"}),
                 404, "not_found")
    assert_error(call(client, openapi, "GET", f"/api/lessons/{slug}"), 404, "not_found")
    assert client.get(f"/exercises/{slug}").status_code == 404


# --- grading ----------------------------------------------------------------------------------------------------


def test_accepted_report_is_the_cli_report(client: FlaskClient, openapi: dict[str, Any]) -> None:
    body = call(client, openapi, "POST", SUBMIT, json={"code": SOLUTION, "track": "numpy"}).get_json()
    assert body["verdict"] == "accepted" and body["passed"] == body["total"] == 6
    assert body["hints"] == [] and body["version"] == REPORT_VERSION
    # the learner's curve and the right one, on the exercise's grid
    plot = body["plot"]
    assert len(plot["x"]) == len(plot["learner"]) == len(plot["reference"]) == 321
    assert max(abs(a - b) for a, b in zip(plot["learner"], plot["reference"], strict=True)) < 1e-5


def test_wrong_answer_has_targeted_hint_first_and_both_curves(client: FlaskClient, openapi: dict[str, Any]) -> None:
    body = call(client, openapi, "POST", SUBMIT, json={"code": NO_CUBIC, "track": "numpy", "lang": "ru"}).get_json()
    assert body["verdict"] == "wrong_answer" and body["lang"] == "ru"
    assert body["verdict_label"] == "Неверный ответ"
    assert body["mistakes"] == ["no-cubic"]
    assert "кубического" in body["hints"][0]  # targeted first, then the four escalating hints
    assert len(body["hints"]) == 1 + 4
    example = body["cases"][0]
    assert example["visible"] and example["status"] == "failed" and example["diff_indices"] == [0, 2]
    hidden = [c for c in body["cases"] if not c["visible"]]
    assert hidden and all(c["input"] is None and c["expected"] is None and c["got"] is None for c in hidden)
    plot = body["plot"]
    i = plot["x"].index(1.0)
    assert plot["learner"][i] == pytest.approx(0.8314, abs=1e-4)
    assert plot["reference"][i] == pytest.approx(0.8412, abs=1e-4)


def test_a_report_switches_language_without_grading_again(client: FlaskClient, openapi: dict[str, Any]) -> None:
    ru = call(client, openapi, "POST", SUBMIT, json={"code": NO_CUBIC, "track": "numpy", "lang": "ru"}).get_json()
    en = call(client, openapi, "POST", "/api/reports/render",
              json={"report": ru["neutral"], "lang": "en", "code": NO_CUBIC}).get_json()
    assert en["lang"] == "en" and en["verdict_label"] == "Wrong answer"
    assert en["verdict"] == ru["verdict"] and en["cases"][0]["got"] == ru["cases"][0]["got"]
    assert "cubic" in en["hints"][0] and "кубического" in ru["hints"][0]
    assert en["stats"] == ru["stats"]  # the same run: its timings, not a second run's
    assert en["plot"]["reference"] == ru["plot"]["reference"]
    back = call(client, openapi, "POST", "/api/reports/render", json={"report": en["neutral"], "lang": "ru"})
    assert {k: v for k, v in back.get_json().items() if k != "switch_track"} == {
        k: v for k, v in ru.items() if k != "switch_track"}


@pytest.mark.parametrize("report", [
    None, [], "accepted", {"version": 1}, {"version": REPORT_VERSION, "verdict": "accepted"},
    {"version": REPORT_VERSION, "exercise": "gelu", "track": "numpy", "verdict": "great", "message": []},
    {"version": REPORT_VERSION, "exercise": "gelu", "track": "numpy", "verdict": "accepted",
     "message": [{"say": "verdict.accepted.message", "params": {"x": {"text": {"en": 1}}}}]},
    {"version": REPORT_VERSION, "exercise": "gelu", "track": "numpy", "verdict": "accepted",
     "message": [], "cases": [{"id": "a", "kind": "plain", "visible": True, "status": "passed", "message": []}]},
    {"version": REPORT_VERSION, "exercise": "gelu", "track": "numpy", "verdict": "accepted", "message": [],
     "stats": [1, 2]},
])
def test_a_forged_report_is_refused_with_a_reason(client: FlaskClient, openapi: dict[str, Any], report: Any) -> None:
    """Reports a client made up (as objects, or as tokens: signed with another key, unsigned, altered): a 400 before
    any of it is read."""
    tokens = [report, URLSafeSerializer(b"another server's key", salt="mljudge.report").dumps(report)]
    if isinstance(report, dict):
        tokens.append(json.dumps(report))
    for token in tokens:
        response = call(client, openapi, "POST", "/api/reports/render", json={"report": token, "lang": "en"})
        assert response.status_code == 400, response.get_json()
        assert response.get_json()["detail"].startswith("That is not a report of this judge")


def test_only_a_report_this_server_issued_is_rendered(client: FlaskClient, openapi: dict[str, Any]) -> None:
    """The token an answer carries, altered in any one character, is refused: a client cannot change what the
    server said (nor make it parse a report nested a thousand levels deep, which used to be a 500)."""
    issued = call(client, openapi, "POST", SUBMIT, json={"code": NO_CUBIC, "track": "numpy"}).get_json()["neutral"]
    assert call(client, openapi, "POST", "/api/reports/render", json={"report": issued}).status_code == 200
    payload, _, signature = issued.rpartition(".")
    for forged in (payload + "." + signature[::-1], payload[:-2] + "." + signature, issued + "A", issued[1:], ""):
        response = call(client, openapi, "POST", "/api/reports/render", json={"report": forged})
        assert_error(response, 400, "bad_request")
    deep: dict[str, Any] = {"say": "verdict.accepted.message"}
    for _ in range(300):  # 900 levels (sentences in sentences): within the JSON decoder's limit
        deep = {"say": "verdict.accepted.message", "params": {"x": [deep]}}
    forged_report = {"version": REPORT_VERSION, "exercise": "gelu", "track": "numpy", "verdict": "accepted",
                     "message": [deep], "cases": []}
    for report in (forged_report, URLSafeSerializer(b"a guess", salt="mljudge.report").dumps(forged_report)):
        response = call(client, openapi, "POST", "/api/reports/render", data=json.dumps({"report": report}),
                        content_type="application/json")
        assert_error(response, 400, "bad_request")


def test_torch_track_and_detected_track(client: FlaskClient, openapi: dict[str, Any]) -> None:
    body = call(client, openapi, "POST", SUBMIT, json={"code": gelu_file("solutions/torch.py"),
                                                       "track": "torch"}).get_json()
    assert body["verdict"] == "accepted" and body["track"] == "torch"
    body = call(client, openapi, "POST", SUBMIT, json={"code": gelu_file("solutions/torch.py")}).get_json()
    assert body["track"] == "torch"  # no track given: detected from the imports, as the CLI does


def test_printed_script_comes_back_as_data(client: FlaskClient, openapi: dict[str, Any]) -> None:
    code = "import numpy as np\n\ndef gelu(x):\n    print('<script>alert(1)</script>')\n    return x\n"
    response = call(client, openapi, "POST", SUBMIT, json={"code": code, "track": "numpy"})
    body = response.get_json()
    assert "<script>alert(1)</script>" in body["stdout"]
    # JSON, never sniffed as HTML; pages insert it with textContent (checked in the browser tests)
    assert response.mimetype == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_issues_carry_line_numbers(client: FlaskClient, openapi: dict[str, Any]) -> None:
    code = "import numpy as np\nimport os\n\ndef gelu(x):\n    return os.getcwd()\n"
    body = call(client, openapi, "POST", SUBMIT, json={"code": code, "track": "numpy"}).get_json()
    assert body["verdict"] == "forbidden"
    assert body["issues"][0]["line"] == 2


# --- bad requests -----------------------------------------------------------------------------------------------


def test_malformed_json_is_400(client: FlaskClient, openapi: dict[str, Any]) -> None:
    response = call(client, openapi, "POST", SUBMIT, data="{not json", content_type="application/json")
    assert_error(response, 400, "bad_request")
    assert_error(call(client, openapi, "POST", SUBMIT, json=["a", "list"]), 400, "bad_request")
    # not declared as JSON at all: refused too (a cross-site form could send text/plain without a preflight)
    assert_error(call(client, openapi, "POST", SUBMIT, data=json.dumps({"code": SOLUTION}),
                      content_type="text/plain"), 400, "bad_request")


@pytest.mark.parametrize("depth", [2_000, 15_000])  # the bodies stay under MAX_CONTENT_LENGTH
def test_deeply_nested_json_is_400(client: FlaskClient, openapi: dict[str, Any], depth: int) -> None:
    # past the decoder's recursion limit: a RecursionError used to escape as a 500
    for body in ("[" * depth + "]" * depth, '{"code": ' + "[" * depth + "]" * depth + "}", "{\"a\":" * depth):
        response = call(client, openapi, "POST", SUBMIT, data=body, content_type="application/json")
        assert_error(response, 400, "bad_request")
    # within the decoder's limit but past the API's: refused before a view walks it, saying how deep it may be
    nested = {"code": SOLUTION, "track": "numpy", "extra": json.loads("[" * 100 + "]" * 100)}
    too_deep = assert_error(call(client, openapi, "POST", SUBMIT, json=nested), 400, "bad_request")
    assert str(MAX_JSON_DEPTH) in too_deep["detail"]
    # as deep as the API allows: judged as usual
    fine = {"code": SOLUTION, "track": "numpy",
            "extra": json.loads("[" * (MAX_JSON_DEPTH - 1) + "]" * (MAX_JSON_DEPTH - 1))}
    assert client.post(SUBMIT, json=fine).get_json()["verdict"] == "accepted"


@pytest.mark.parametrize("body", [{}, {"code": None}, {"code": 42}, {"track": "numpy"}])
def test_missing_code_is_400(client: FlaskClient, openapi: dict[str, Any], body: dict[str, Any]) -> None:
    assert_error(call(client, openapi, "POST", SUBMIT, json=body), 400, "bad_request")


def test_code_over_64_kib_is_413(client: FlaskClient, openapi: dict[str, Any]) -> None:
    fits = SOLUTION + "#" * (64 * 1024 - len(SOLUTION.encode()))
    assert call(client, openapi, "POST", SUBMIT, json={"code": fits, "track": "numpy"}).status_code == 200
    body = assert_error(call(client, openapi, "POST", SUBMIT, json={"code": fits + "#", "track": "numpy"}),
                        413, "payload_too_large")
    assert "65537" in body["detail"]
    # counted in UTF-8 bytes, not characters: 33,000 Cyrillic letters are 66,000 bytes
    assert_error(call(client, openapi, "POST", SUBMIT, json={"code": "# " + "ж" * 33_000}), 413, "payload_too_large")
    # a body far over the limit is refused before it is parsed
    huge = json.dumps({"code": "#" * 200_000})
    assert_error(call(client, openapi, "POST", SUBMIT, data=huge, content_type="application/json"),
                 413, "payload_too_large")


@pytest.mark.parametrize("track", ["tensorflow", "", 3, ["numpy"]])
def test_unknown_track_is_422(client: FlaskClient, openapi: dict[str, Any], track: Any) -> None:
    body = assert_error(call(client, openapi, "POST", SUBMIT, json={"code": SOLUTION, "track": track}),
                        422, "unprocessable")
    assert "numpy, torch" in body["detail"]


@pytest.mark.parametrize(("method", "path", "body"), [
    ("GET", "/api/exercises/gelu?lang=de", None),
    ("GET", "/api/lessons/gelu?lang=de", None),
    ("POST", SUBMIT, {"code": SOLUTION, "track": "numpy", "lang": "de"}),
    ("POST", SUBMIT + "?lang=de", {"code": SOLUTION, "track": "numpy"}),
    ("POST", SUBMIT, {"code": SOLUTION, "lang": 5}),
    ("POST", "/api/lessons/gelu/tasks/lowest-point", {"answers": {"x": 1}, "lang": "de"}),
    ("POST", "/api/lessons/gelu/tasks/lowest-point?lang=english", {"answers": {"x": 1}}),
])
def test_unknown_language_is_422_naming_the_supported_ones(client: FlaskClient, openapi: dict[str, Any],
                                                           method: str, path: str, body: Any) -> None:
    """Not a quiet answer in English: the client asked for a language the judge does not speak."""
    response = call(client, openapi, method, path, json=body) if body is not None else \
        call(client, openapi, method, path)
    detail = assert_error(response, 422, "unprocessable")["detail"]
    assert "en, ru" in detail
    assert ("de" if "de" in path or (body or {}).get("lang") == "de" else "") in detail


def test_unknown_language_is_refused_in_the_language_the_client_would_get(client: FlaskClient) -> None:
    body = client.get("/api/exercises/gelu?lang=de", headers={"Accept-Language": "ru"}).get_json()
    assert body["detail"] == "Неизвестный язык «de»; поддерживаются: en, ru."
    # regional and upper-case spellings of a supported language are that language
    assert client.get("/api/exercises/gelu?lang=RU").get_json()["lang"] == "ru"
    report = client.post(SUBMIT, json={"code": NO_CUBIC, "track": "numpy", "lang": "ru-RU"}).get_json()
    assert report["lang"] == "ru"
    # and an absent one still falls back to the cookie, then Accept-Language
    report = client.post(SUBMIT, json={"code": NO_CUBIC, "track": "numpy", "lang": None},
                         headers={"Accept-Language": "ru"}).get_json()
    assert report["lang"] == "ru"


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "This looks like PyTorch code — switch to the PyTorch track"),
    ("ru", "Похоже, это код на PyTorch — переключитесь на трек PyTorch"),
])
def test_pytorch_code_in_the_numpy_track_says_to_switch(client: FlaskClient, openapi: dict[str, Any], lang: str,
                                                        message: str) -> None:
    code = gelu_file("solutions/torch.py")
    body = call(client, openapi, "POST", SUBMIT, json={"code": code, "track": "numpy", "lang": lang}).get_json()
    assert body["verdict"] == "forbidden" and body["track"] == "numpy"  # the report itself is the CLI's
    switch = body["switch_track"]
    assert switch["track"] == "torch" and switch["message"] == message
    assert "`torch`" in switch["detail"]


@pytest.mark.parametrize(("code", "track"), [
    (SOLUTION, "torch"),  # NumPy code in the PyTorch track: numpy is allowed there
    ("import numpy as np\nimport os\n\ndef gelu(x):\n    return x\n", "numpy"),  # forbidden, but not torch
    ("import torch\nimport os\n\ndef gelu(x):\n    return x\n", "torch"),  # forbidden in the right track
    (SOLUTION, "numpy"),
])
def test_no_switch_suggested_otherwise(client: FlaskClient, openapi: dict[str, Any], code: str, track: str) -> None:
    body = call(client, openapi, "POST", SUBMIT, json={"code": code, "track": track}).get_json()
    assert body["switch_track"] is None


def test_errors_speak_the_asked_language(client: FlaskClient) -> None:
    body = client.post(SUBMIT, json={"code": SOLUTION, "track": "jax", "lang": "ru"}).get_json()
    assert body["detail"].startswith("Неизвестный трек")
    body = client.get("/api/exercises/nope", headers={"Accept-Language": "ru"}).get_json()
    assert "нет" in body["detail"]


def test_method_not_allowed_is_json(client: FlaskClient) -> None:
    response = client.get(SUBMIT)
    assert_error(response, 405, "method_not_allowed")
    assert "POST" in response.headers["Allow"]


def test_too_many_requests_is_429(pool: Pool, catalog: Catalog, openapi: dict[str, Any]) -> None:
    client = make_app(pool, catalog, RATE_LIMIT="3/minute").test_client()
    for _ in range(3):
        assert client.get("/api/exercises").status_code == 200
    # one budget per client for the whole API, whichever endpoint
    response = call(client, openapi, "POST", SUBMIT, json={"code": SOLUTION})
    assert_error(response, 429, "rate_limited")
    assert int(response.headers["Retry-After"]) > 0
    # other clients keep their own budget; pages are not counted
    assert client.get("/api/exercises", environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 200
    assert client.get("/").status_code == 200


@pytest.mark.parametrize(("peer", "forwarded", "trusted", "client"), [
    ("10.0.0.7", None, "", "10.0.0.7"),
    # a client cannot name itself: X-Forwarded-For is only believed from a trusted proxy
    ("10.0.0.7", "1.2.3.4", "", "10.0.0.7"),
    ("10.0.0.7", "1.2.3.4", "127.0.0.1", "10.0.0.7"),
    ("127.0.0.1", "1.2.3.4", "127.0.0.1", "1.2.3.4"),
    ("127.0.0.1", None, "127.0.0.1", "127.0.0.1"),
    # walked from the right: what the client wrote on the left is not believed past the first untrusted hop
    ("127.0.0.1", "6.6.6.6, 1.2.3.4", "127.0.0.1", "1.2.3.4"),
    ("127.0.0.1", "6.6.6.6, 1.2.3.4, 10.1.2.3", "127.0.0.1, 10.0.0.0/8", "1.2.3.4"),
    ("10.9.9.9", "6.6.6.6,1.2.3.4 , 10.1.2.3", "10.0.0.0/8", "1.2.3.4"),
    # every hop trusted: the leftmost is as far as anyone can tell
    ("127.0.0.1", "10.1.1.1, 10.2.2.2", "127.0.0.1, 10.0.0.0/8", "10.1.1.1"),
    # a malformed entry ends the walk at the trusted proxy that passed it on
    ("127.0.0.1", "1.2.3.4, not-an-ip", "127.0.0.1", "127.0.0.1"),
    ("::1", "2001:db8::5", "::1", "2001:db8::5"),
    ("::ffff:127.0.0.1", "[2001:db8::5]", "127.0.0.1", "2001:db8::5"),
])
def test_client_address_believes_only_trusted_proxies(peer: str, forwarded: str | None, trusted: str,
                                                      client: str) -> None:
    assert security.forwarded_client(peer, forwarded, config.networks(trusted)) == client


def test_behind_a_trusted_proxy_each_client_has_its_own_budget(pool: Pool, catalog: Catalog) -> None:
    proxy = {"REMOTE_ADDR": "127.0.0.1"}
    app = make_app(pool, catalog, RATE_LIMIT="2/minute", TRUSTED_PROXIES=config.networks("127.0.0.1"))
    client = app.test_client()
    for _ in range(2):
        assert client.get("/api/exercises", environ_base=proxy, headers={"X-Forwarded-For": "1.1.1.1"}).status_code \
            == 200
    assert client.get("/api/exercises", environ_base=proxy,
                      headers={"X-Forwarded-For": "1.1.1.1"}).status_code == 429
    # another learner behind the same proxy is not affected
    assert client.get("/api/exercises", environ_base=proxy,
                      headers={"X-Forwarded-For": "2.2.2.2"}).status_code == 200
    # and a direct client cannot escape its budget by claiming to be someone else
    direct = {"REMOTE_ADDR": "10.0.0.9"}
    for name in ("3.3.3.3", "4.4.4.4"):
        assert client.get("/api/exercises", environ_base=direct, headers={"X-Forwarded-For": name}).status_code == 200
    assert client.get("/api/exercises", environ_base=direct,
                      headers={"X-Forwarded-For": "5.5.5.5"}).status_code == 429
    with app.test_request_context(environ_base=proxy, headers={"X-Forwarded-For": "9.9.9.9, 1.1.1.1"}):
        assert client_address() == "1.1.1.1"


class BusyPool:
    """Stands in for a saturated pool: the only fake in these tests (the real one is below)."""

    vocabulary = None  # allows what its jobs ask: it never runs one

    def run(self, *args: Any, **kwargs: Any) -> Any:
        raise Busy("all sandbox slots are busy", retry_after=3.2)


def test_saturated_pool_is_503_with_retry_after(catalog: Catalog, openapi: dict[str, Any]) -> None:
    client = make_app(BusyPool(), catalog).test_client()
    response = call(client, openapi, "POST", SUBMIT, json={"code": SOLUTION, "track": "numpy"})
    assert_error(response, 503, "busy")
    assert response.headers["Retry-After"] == "4"  # the queue's own estimate, rounded up


def test_policy_refusals_never_wait_for_a_sandbox(catalog: Catalog, openapi: dict[str, Any]) -> None:
    # a saturated pool does not matter to code that the policy check refuses: it never needs a sandbox
    client = make_app(BusyPool(), catalog).test_client()
    for code in ("def gelu(x:\n", "import os\n\ndef gelu(x):\n    return os.getcwd()\n"):
        response = call(client, openapi, "POST", SUBMIT, json={"code": code, "track": "numpy"})
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["verdict"] in ("compile_error", "forbidden")


def test_one_client_waits_its_turn_and_another_is_not_blocked(catalog: Catalog, openapi: dict[str, Any]) -> None:
    """A real pool of two zygotes: a client with an infinite loop running holds one sandbox at most; its next
    submission past its cap is a 429, while another client's submission is judged at once in the other sandbox."""
    small = new_pool(2, per_client=1)
    small.start(("numpy",))
    try:
        app = make_app(small, catalog, TRUSTED_PROXIES=config.networks("127.0.0.1"))
        slow = "import numpy as np\n\ndef gelu(x):\n    while True:\n        pass\n"
        flooder = {"X-Forwarded-For": "10.0.0.1"}
        first: dict[str, Any] = {}
        runner = threading.Thread(target=lambda: first.update(
            app.test_client().post(SUBMIT, json={"code": slow, "track": "numpy"}, headers=flooder).get_json()))
        runner.start()
        deadline = time.monotonic() + 30
        while small.queues["numpy"].snapshot()["free"] == 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        response = call(app.test_client(), openapi, "POST", SUBMIT, headers=flooder,
                        json={"code": slow, "track": "numpy"})
        assert_error(response, 429, "too_many_pending")
        assert int(response.headers["Retry-After"]) >= 1
        started = time.monotonic()
        other = app.test_client().post(SUBMIT, json={"code": SOLUTION, "track": "numpy"},
                                       headers={"X-Forwarded-For": "10.0.0.2"})
        assert other.status_code == 200 and other.get_json()["verdict"] == "accepted"
        assert time.monotonic() - started < 2  # not behind the loop's 3 s time limit
        runner.join(timeout=60)
        assert first["verdict"] == "time_limit"
    finally:
        small.close()


def test_security_headers_on_api_answers(client: FlaskClient) -> None:
    for response in (client.get("/api/exercises"), client.get("/api/exercises/nope"),
                     client.post(SUBMIT, data="{", content_type="application/json")):
        headers = response.headers
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]


# --- lessons ----------------------------------------------------------------------------------------------------


def test_lesson_has_curves_and_tasks_but_no_answers(client: FlaskClient, openapi: dict[str, Any]) -> None:
    response = call(client, openapi, "GET", "/api/lessons/gelu?lang=ru")
    body = response.get_json()
    assert body["title"] == "GELU: провал ниже нуля"
    assert [c["id"] for c in body["plot"]["curves"]] == ["exact", "tanh", "exact-slope", "tanh-slope"]
    assert [c["role"] for c in body["plot"]["curves"]] == ["value", "value", "slope", "slope"]
    x = body["plot"]["x"]
    assert len(x) == 701 and x[0] == -4.0 and x[-1] == 3.0
    exact = body["plot"]["curves"][0]["values"]
    assert min(exact) == pytest.approx(-0.16997, abs=1e-4)
    assert [t["id"] for t in body["tasks"]] == ["lowest-point", "exact-vs-tanh"]
    # the tasks carry their questions and answer labels only (the schema forbids any other field, too)
    tasks = json.dumps(body["tasks"])
    for secret in ("0.7518", "0.7525", "0.16997", "0.0040497", "0.0036374", "tolerance", "explanation", "value"):
        assert secret not in tasks
    assert all(set(a) == {"id", "label"} for t in body["tasks"] for a in t["answers"])


def test_lesson_plot_names_its_axis_and_says_whether_to_show_the_difference(
        pool: Pool, catalog: Catalog, tmp_path: Any, openapi: dict[str, Any]) -> None:
    client = make_app(pool, catalog).test_client()
    plot = call(client, openapi, "GET", "/api/lessons/gelu").get_json()["plot"]
    assert plot["x_label"] == "x" and plot["difference"] is True  # the defaults

    import shutil

    shutil.copytree(catalog.root / "gelu", tmp_path / "gelu")
    toml = tmp_path / "gelu" / "lesson.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        "[plot]\n", '[plot]\nx_label.en = "p, a probability"\nx_label.ru = "p, вероятность"\ndifference = false\n', 1),
        encoding="utf-8")
    client = make_app(pool, Catalog(tmp_path)).test_client()
    plot = call(client, openapi, "GET", "/api/lessons/gelu?lang=ru").get_json()["plot"]
    assert plot["x_label"] == "p, вероятность" and plot["difference"] is False
    # the page hands the same to its script
    html = client.get("/lessons/gelu").get_data(as_text=True)
    assert '"x_label": "p, a probability"' in html and '"difference": false' in html


def test_task_answers_are_checked_on_the_server(client: FlaskClient, openapi: dict[str, Any]) -> None:
    url = "/api/lessons/gelu/tasks/lowest-point"
    right = call(client, openapi, "POST", url, json={"answers": {"x": "−0,75", "y": -0.17}, "lang": "en"}).get_json()
    assert right["correct"] is True and right["message"] == "Right!"
    assert "−0.752" in right["explanation"]["markdown"] and "<p>" in right["explanation"]["html"]
    tanh = call(client, openapi, "POST", url, json={"answers": {"x": -0.7525, "y": -0.17004}}).get_json()
    assert tanh["correct"] is True  # the tanh form's minimum counts too
    wrong = call(client, openapi, "POST", url, json={"answers": {"x": -0.5, "y": -0.17}, "lang": "ru"}).get_json()
    assert wrong["correct"] is False and wrong["explanation"] is None
    assert wrong["answers"] == {"x": {"correct": False, "missing": False}, "y": {"correct": True, "missing": False}}
    assert "x в самой низкой точке" in wrong["message"]
    missing = call(client, openapi, "POST", url, json={"answers": {"x": ""}}).get_json()
    assert missing["correct"] is False and missing["answers"]["y"]["missing"] is True


def test_task_errors(client: FlaskClient, openapi: dict[str, Any]) -> None:
    url = "/api/lessons/gelu/tasks/exact-vs-tanh"
    assert_error(call(client, openapi, "POST", url, json={"answers": {"exact": 1, "z": 2}}), 422, "unprocessable")
    assert_error(call(client, openapi, "POST", url, json={"answer": {}}), 400, "bad_request")
    assert_error(call(client, openapi, "POST", url, data="[", content_type="application/json"), 400, "bad_request")
    assert_error(call(client, openapi, "POST", "/api/lessons/gelu/tasks/nope", json={"answers": {}}),
                 404, "not_found")
    assert_error(call(client, openapi, "GET", "/api/lessons/nope"), 404, "not_found")


def test_exercise_without_lesson_is_404(pool: Pool, catalog: Catalog, tmp_path: Any,
                                        openapi: dict[str, Any]) -> None:
    import shutil

    shutil.copytree(catalog.root / "gelu", tmp_path / "gelu")
    (tmp_path / "gelu" / "lesson.toml").unlink()
    client = make_app(pool, Catalog(tmp_path)).test_client()
    assert_error(call(client, openapi, "GET", "/api/lessons/gelu"), 404, "not_found")
    assert client.get("/lessons/gelu").status_code == 404
    assert client.get("/api/exercises").get_json()["exercises"][0]["lesson"] is False


# --- the document itself ----------------------------------------------------------------------------------------


def test_openapi_document_is_valid_and_complete(app: Any, openapi: dict[str, Any]) -> None:
    assert openapi["openapi"].startswith("3.1")
    for schema in openapi["components"]["schemas"].values():
        Draft202012Validator.check_schema(schema)  # each component is valid JSON Schema 2020-12
    documented = {(path, method.upper()) for path, item in openapi["paths"].items() for method in item}
    served = set()
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = rule.rule.replace("<", "{").replace(">", "}")
            served |= {(path, m) for m in rule.methods - {"HEAD", "OPTIONS"}}
    assert served == documented
