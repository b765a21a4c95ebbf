"""Whoever can write to Redis can put anything on a track's queue: raw bytes, text, JSON of any shape, a message of
another content type (pickle), headers and bodies a Celery client would never send, bodies of many megabytes. A
real `judge worker` takes each one off the real queue, logs it, drops it, and goes on grading real jobs."""

from __future__ import annotations

import base64
import json
import pickle
import time
import uuid
from typing import Any

from mljudge.dispatch.broker import TASK, queue_name
from mljudge.dispatch.jobs import GradingJob
from mljudge.dispatch.submitter import Dispatcher
from mljudge.judge.catalog import Catalog
from mljudge.store import new_id
from tests.dispatch.conftest import Workers
from tests.services import REPO

SOLUTION = (REPO / "mljudge" / "exercises" / "gelu" / "solutions" / "numpy.py").read_text(encoding="utf-8")
# kombu's Redis transport keeps one list per priority step: the queue's name, and the name + "\x06\x16" + step.
PRIORITY_SEP = "\x06\x16"
MEGABYTES = 20


def envelope(body: Any = None, *, raw_body: str | None = None, content_type: str = "application/json",
             headers: Any = "default", properties: Any = "default", exercise: str = "gelu", **extra: Any) -> bytes:
    """A message as kombu's Redis transport stores it, with what a Celery client puts in it unless told
    otherwise."""
    task_id = uuid.uuid4().hex
    if body is None:
        body = [[{"id": task_id, "exercise": exercise, "code": SOLUTION, "track": "numpy", "plot": False}], {},
                {"callbacks": None, "errbacks": None, "chain": None, "chord": None}]
    encoded = raw_body if raw_body is not None else base64.b64encode(
        body if isinstance(body, bytes) else json.dumps(body).encode()).decode()
    message = {
        "body": encoded, "content-encoding": "utf-8", "content-type": content_type,
        "headers": {"lang": "py", "task": TASK, "id": task_id, "shadow": None, "eta": None, "expires": None,
                    "group": None, "group_index": None, "retries": 0, "timelimit": [None, None],
                    "root_id": task_id, "parent_id": None, "argsrepr": "", "kwargsrepr": "{}", "origin": "test",
                    "ignore_result": None, "replaced_task_nesting": 0, "stamped_headers": None, "stamps": {}}
        if headers == "default" else headers,
        "properties": {"correlation_id": task_id, "reply_to": str(uuid.uuid4()), "delivery_mode": 2,
                       "delivery_info": {"exchange": "", "routing_key": queue_name("numpy")}, "priority": 0,
                       "body_encoding": "base64", "delivery_tag": str(uuid.uuid4())}
        if properties == "default" else properties,
        **extra,
    }
    return json.dumps(message).encode()


def headers(**changed: Any) -> dict[str, Any]:
    task_id = uuid.uuid4().hex
    return {"lang": "py", "task": TASK, "id": task_id, "root_id": task_id, "retries": 0, "eta": None,
            "expires": None, "timelimit": [None, None], **changed}


HOSTILE: dict[str, bytes] = {
    "raw bytes": b"\xff\xfe\x00\x01 not even text \x80",
    "text": b"hello, worker",
    "truncated JSON": b'{"body": "',
    "a JSON list": b"[1, 2, 3]",
    "JSON null": b"null",
    "a JSON string": b'"a message"',
    "a number": b"1e999",
    "an empty object": b"{}",
    "a body and nothing else": b'{"body": "eA=="}',
    "properties that are a list": envelope(properties=[1, 2]),
    "no delivery tag": envelope(properties={"body_encoding": "base64"}),
    "headers that are a list": envelope(headers=[1, 2]),
    "headers that are a string": envelope(headers="task"),
    "no headers": envelope(headers=None),
    "no task id": envelope(headers={"task": TASK}),
    "an unknown task": envelope(headers=headers(task="evil.run")),
    "a task id that is a list": envelope(headers=headers(id=[1])),
    "an eta that is no date": envelope(headers=headers(eta="tomorrow at noon")),
    "an expiry that is no date": envelope(headers=headers(expires="never")),
    "an expiry that is a dict": envelope(headers=headers(expires={"a": 1})),
    "a time limit that is text": envelope(headers=headers(timelimit="fast")),
    "retries that are text": envelope(headers=headers(retries="many")),
    "a body that is not base64": envelope(raw_body="!!! not base64 !!!"),
    "a body that is not UTF-8": envelope(body=b"\xff\xfe\x80"),
    "a body that is not JSON": envelope(body=b"not json"),
    "a body that is a string": envelope(body="just a string"),
    "a body that is an empty list": envelope(body=[]),
    "a body of the wrong arity": envelope(body=[1, 2, 3, 4, 5]),
    "args that are not a list": envelope(body=["args", {}, {}]),
    "a job of the wrong shape": envelope(body=[[{"id": 5}], {}, {}]),
    "a job with no arguments": envelope(body=[[], {}, {}]),
    "a job for an unknown exercise": envelope(body=[[{"id": "x", "exercise": "../../etc", "code": "", "track": None}],
                                                   {}, {}]),
    "a job whose code is not text": envelope(body=[[{"id": "x", "exercise": "gelu", "code": {"a": 1},
                                                     "track": "numpy"}], {}, {}]),
    "embedded callbacks to other tasks": envelope(body=[[{}], {}, {"callbacks": [{"task": "celery.chord_unlock"}],
                                                                   "chain": "x", "chord": 5}]),
    "pickle": envelope(body=pickle.dumps(("os.system", "true")), content_type="application/x-python-serialize"),
    "YAML": envelope(body=b"a: 1", content_type="application/x-yaml"),
    "plain text": envelope(body=b"x", content_type="text/plain"),
    "no content type": envelope(content_type=""),
    "a compressed body that is not": envelope(headers=headers(compression="application/x-gzip")),
    "an unknown encoding": envelope(**{"content-encoding": "rot13"}),
    f"{MEGABYTES} MB of garbage": b"x" * (MEGABYTES << 20),
    f"a {MEGABYTES} MB body": envelope(body=[["x" * (MEGABYTES << 20)], {}, {}]),
}


# Well formed, but not a job the web would send: graded like any job, and failing as one (no such exercise).
FOREIGN = envelope(exercise="../../etc")


def _queued(dispatcher: Dispatcher) -> int:
    return sum(int(dispatcher.redis.llen(key)) for key in dispatcher.redis.scan_iter(f"{queue_name('numpy')}*")
               if dispatcher.redis.type(key) == b"list")


def test_a_worker_survives_any_message_and_grades_the_next_job(workers: Workers, dispatcher: Dispatcher,
                                                               catalog: Catalog) -> None:
    worker = workers.ensure(1, tracks="numpy")[0]
    process = workers.running[worker]
    log_file = workers.logs / f"{worker}.log"
    dropped_before = log_file.read_text(errors="replace").count("dropped a message")
    queue = queue_name("numpy")
    for i, message in enumerate([*HOSTILE.values(), FOREIGN]):
        # Both lists the worker reads: the queue itself and one of its priority steps.
        dispatcher.redis.lpush(queue if i % 2 else f"{queue}{PRIORITY_SEP}3", message)
    deadline = time.monotonic() + 120
    while _queued(dispatcher) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.2)
    assert process.poll() is None, f"the worker exited with {process.returncode}:\n{log_file.read_text()[-4000:]}"
    assert _queued(dispatcher) == 0, "the worker stopped taking messages"
    graded = dispatcher.grade(catalog.get("gelu"), GradingJob(new_id(), "gelu", SOLUTION, "numpy"), client="ann")
    assert str(graded.parsed().verdict) == "accepted" and graded.worker == worker
    log = log_file.read_text(errors="replace")
    assert log.count("dropped a message") - dropped_before == len(HOSTILE), log[-4000:]  # each one, said once
    assert "x" * 10_000 not in log  # … without copying megabytes into the log
    foreign_id = json.loads(FOREIGN)["headers"]["id"]
    assert json.loads(dispatcher.redis.get(f"celery-task-meta-{foreign_id}") or b"{}").get("status") == "FAILURE"
    assert process.poll() is None


def test_an_unacknowledged_entry_that_does_not_decode_is_dropped_not_fatal(redis_server: Any) -> None:
    """kombu restores taken, unacknowledged messages from a Redis hash after the visibility timeout; an entry
    someone else wrote there used to raise in the worker's loop."""
    from kombu import Connection

    from mljudge.dispatch import transport

    with Connection(redis_server.url, transport=transport.Transport) as connection:
        channel = connection.channel()
        client = channel.client
        for tag, entry in (("t1", b"\xff not json"), ("t2", b"[1]"), ("t3", b'{"a": 1}')):
            client.hset(channel.unacked_key, tag, entry)
            client.zadd(channel.unacked_index_key, {tag: 1})
            channel.qos.restore_by_tag(tag)
            assert not client.hexists(channel.unacked_key, tag)
            assert client.zscore(channel.unacked_index_key, tag) is None
        channel.close()
