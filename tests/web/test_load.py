"""A real `judge serve` under load (bench/load.py, small): a mixed workload with a flooding client, hundreds of
slowloris connections while a learner is served, and SIGTERM with submissions in flight."""

from __future__ import annotations

import http.client
import json
import signal
import socket
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from bench.load import KINDS, Served, SlowHerd, failures, report, run_load, started_server

REQUEST_TIMEOUT = 8  # seconds: long enough to see the slow connections held, short enough to see them cut
SLOW = 1000


def address(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    return parts.hostname or "127.0.0.1", parts.port or 80


def wait_for(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"still waiting for {what} after {seconds:g} s")
        time.sleep(0.1)


@pytest.fixture(scope="module")
def server() -> Iterator[Served]:
    with started_server(slots=1, env={"JUDGE_REQUEST_TIMEOUT": str(REQUEST_TIMEOUT)}) as served:
        yield served
    assert served.returncode == 0, "".join(served.output[-20:])


def test_mixed_load_with_a_flooder_loses_nothing(server: Served) -> None:
    # three learners, four submissions each, every kind among them; one thread flooding infinite loops meanwhile
    run, _, _ = run_load(server.url, clients=3, per_client=4, flood=1, patient=120)
    text = report(run, 1.0, {})
    assert failures(run) == 0, text
    learners = [o for o in run.outcomes if o.client.startswith("10.0.0.")]
    assert len(learners) == 3 * 4 and all(o.answered for o in learners), text
    # every kind was judged, and judged right (failures() counts a wrong verdict)
    assert {o.kind.name for o in learners} == {k.name for k in KINDS}
    assert {o.verdict for o in learners} == {k.verdict for k in KINDS}
    assert any(o.client == "10.66.0.1" and o.answered for o in run.outcomes), text


def test_slow_connections_are_held_while_others_are_served_then_cut(server: Served) -> None:
    herd = SlowHerd(server.url, SLOW, interval=0.5).start()
    try:
        assert herd.failed == 0
        opened = time.monotonic()
        wait_for(lambda: herd.held() == SLOW, 5, f"{SLOW} slow connections to be open")
        # a learner is served while every slow connection is open (plain waitress stopped answering at 100)
        connection = http.client.HTTPConnection(*address(server.url), timeout=30)
        connection.request("GET", "/api/exercises")
        assert connection.getresponse().status == 200
        connection.close()
        outcome = run_load(server.url, clients=1, per_client=1, flood=0)[0].outcomes[0]
        assert outcome.answered and outcome.verdict == "accepted"
        if time.monotonic() - opened < REQUEST_TIMEOUT - 1:  # (on a machine this slow, held() proves nothing)
            assert herd.held() == SLOW
        # and each is cut off REQUEST_TIMEOUT s after its first byte, answered 408 (then replaced by the herd)
        wait_for(lambda: herd.timed_out >= SLOW, REQUEST_TIMEOUT + 30, "the slow connections to be cut off")
    finally:
        herd.stop()


def test_sigterm_finishes_every_submission_in_flight_then_exits_0() -> None:
    with started_server(slots=1) as served:
        host_port = address(served.url)
        # Sent in full before the signal: queued behind one another (one sandbox per track), the last is judged
        # seconds after it. Two infinite loops take the time limit each.
        order = [KINDS[5], KINDS[0], KINDS[1], KINDS[5], KINDS[2], KINDS[3], KINDS[4]]
        connections = []
        for i, kind in enumerate(order):
            connection = http.client.HTTPConnection(*host_port, timeout=120)
            connection.request("POST", "/api/exercises/gelu/submissions", body=kind.body(),
                               headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.0.1.{i}"})
            connections.append(connection)
        idle = socket.create_connection(host_port)  # connected, nothing sent: closed, not waited for
        slow = socket.create_connection(host_port)
        slow.sendall(b"POST /api/exercises/gelu/submissions HTTP/1.1\r\nHost: x\r\n")  # headers unfinished
        time.sleep(0.2)
        served.proc.send_signal(signal.SIGTERM)

        wait_for(lambda: any("stopping" in line for line in served.output), 30, "the server to start draining")
        with pytest.raises(OSError):  # no longer accepting
            socket.create_connection(host_port, timeout=5).close()
        verdicts = []
        for kind, connection in zip(order, connections, strict=True):
            # Every one answered (none dropped), judged right when judged. Sandbox admission may refuse some
            # (503): its decision, not a loss.
            response = connection.getresponse()
            body = json.load(response)
            assert response.status in (200, 503), body
            if response.status == 200:
                assert body["verdict"] == kind.verdict
                verdicts.append(body["verdict"])
            else:
                assert body["error"] == "busy"
            if body.get("verdict") == "time_limit":  # answered seconds after the signal: during the drain
                assert response.getheader("Connection") == "close"  # so: send nothing more on this connection
            connection.close()
        # the drain waited for a submission that takes its whole time limit, and for those refused by policy
        assert "time_limit" in verdicts and {"forbidden", "compile_error"} <= set(verdicts), verdicts
        for sock in (idle, slow):
            sock.settimeout(30)
            assert sock.recv(1024) == b""  # closed without an answer
            sock.close()
        served.proc.wait(timeout=60)
    assert served.returncode == 0
    text = "".join(served.output)
    assert "stopping: " in text and "stopped" in text and "cut off" not in text, text
