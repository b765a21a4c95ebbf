"""The web with a broker, as `judge serve --broker` runs it: a POST is graded by a worker and recorded once in
PostgreSQL, the learner reads it back; a queue deeper than its workers drain in a minute is a 503 with a
Retry-After; a broker or database that cannot be reached stops `judge serve` at start, in one line."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from mljudge.dispatch.admission import Admission
from mljudge.dispatch.submitter import Dispatcher
from mljudge.judge.catalog import Catalog
from mljudge.store import Store
from mljudge.web import create_app
from tests.dispatch.conftest import Workers
from tests.services import REPO, Postgres, free_port, judge_command

RIGHT = (REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "numpy.py").read_text()
WRONG = (REPO / "mljudge" / "exercises" / "gelu" / "submissions" / "wrong_answer" / "no_cubic.py").read_text()


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    cluster = Postgres.start()
    yield cluster
    cluster.stop()


@pytest.fixture
def store(postgres: Postgres) -> Iterator[Store]:
    opened = Store.open(postgres.create_database(f"web_{free_port()}"))
    opened.upgrade()
    yield opened
    opened.close()


@pytest.fixture
def app(catalog: Catalog, store: Store, dispatcher: Dispatcher) -> Flask:
    # No sandbox pool at all: this process grades nothing itself.
    return create_app({"TESTING": True, "RATE_LIMIT": "100000/minute"}, pool=None, catalog=catalog, store=store,
                      dispatcher=dispatcher)


def test_a_post_is_graded_by_a_worker_and_recorded_once(workers: Workers, app: Flask, store: Store) -> None:
    workers.ensure(1)
    client = app.test_client()
    answers: list[dict[str, Any]] = []
    for code in (WRONG, RIGHT):
        response = client.post("/api/exercises/gelu/submissions", json={"code": code})
        assert response.status_code == 200, response.get_json()
        answers.append(response.get_json())
    assert [a["verdict"] for a in answers] == ["wrong_answer", "accepted"]
    assert answers[0]["hints"] and answers[0]["plot"]["reference"]  # rendered by the web, as in-process
    assert store.count() == 2
    listed = client.get("/api/submissions?exercise=gelu").get_json()["submissions"]
    assert [s["id"] for s in listed] == [answers[1]["submission_id"], answers[0]["submission_id"]]
    stored = store.get(answers[0]["submission_id"], next(iter(r.learner for r in store.export())))
    assert stored is not None and stored.code == WRONG and stored.grade_ms and stored.wait_ms is not None


def test_a_queue_its_workers_cannot_drain_in_a_minute_is_a_503(app: Flask, dispatcher: Dispatcher) -> None:
    # Sixteen submissions already queued for NumPy (the floor) by other web processes, and no answer in the last
    # minute: the next is refused at once rather than left waiting.
    others = Admission(dispatcher.redis, per_client=2, floor=16)
    for n in range(16):
        others.admit("numpy", f"learner-{n}", f"queued-{n}", hold=60)
    response = app.test_client().post("/api/exercises/gelu/submissions", json={"code": RIGHT, "track": "numpy"})
    assert response.status_code == 503
    assert response.get_json()["error"] == "busy"
    assert response.headers["Retry-After"] == "60"


def test_code_the_policy_refuses_is_answered_without_the_queue(app: Flask, dispatcher: Dispatcher,
                                                                store: Store) -> None:
    """The queue is as full as above, yet a syntax error and a refused import get their verdicts at once (and
    are recorded): what needs no sandbox never waits for one."""
    others = Admission(dispatcher.redis, per_client=2, floor=16)
    for n in range(16):
        others.admit("numpy", f"learner-{n}", f"queued-{n}", hold=60)
    client = app.test_client()
    for code, verdict in (("def gelu(x)\n    return x\n", "compile_error"),
                          ("import os\n\ndef gelu(x):\n    return os.getcwd()\n", "forbidden")):
        response = client.post("/api/exercises/gelu/submissions", json={"code": code, "track": "numpy"})
        assert response.status_code == 200, response.get_json()
        assert response.get_json()["verdict"] == verdict
    assert store.count() == 2


@pytest.mark.parametrize(("name", "value", "said"), [
    ("JUDGE_BROKER_URL", "redis://127.0.0.1:{port}/0", "cannot reach the broker at redis://127.0.0.1:"),
    ("JUDGE_DATABASE_URL", "postgresql://nobody@/none?host=/nonexistent", "cannot open the database postgresql://"),
])
def test_judge_serve_stops_at_start_in_one_line(name: str, value: str, said: str, tmp_path: Any) -> None:
    env = {"PATH": "/usr/bin:/bin", "JUDGE_DATA_DIR": str(tmp_path), name: value.format(port=free_port())}
    done = subprocess.run(judge_command("serve", "--port", "0"), cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.startswith(f"judge: error: {said}") and done.stderr.count("\n") == 1, done.stderr
    assert "serving" not in done.stdout and "starting the sandbox" not in done.stdout
