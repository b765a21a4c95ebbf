"""`judge serve`: a real process on a free port, zygotes warm before it says where it listens; and its HTTP layer
(web.server.Service) in this process: its own errors as JSON, slow requests cut off."""

from __future__ import annotations

import contextlib
import http.client
import io
import json
import os
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from mljudge.judge.catalog import Catalog
from mljudge.judge.i18n import t
from mljudge.web import MAX_CONTENT_LENGTH, signing
from mljudge.web.server import MAX_HEADER_BYTES, Service, warn_if_unconfined
from tests.web.conftest import make_app

REPO = Path(__file__).resolve().parents[2]


@contextmanager
def judge_serve(*args: str, env: dict[str, str] | None = None) -> Iterator[tuple[str, str]]:
    """A real `judge serve` on a free port: (its URL, what it printed up to then). Stopped with SIGINT, which must
    exit 0."""
    proc = subprocess.Popen([sys.executable, "-m", "mljudge.cli", "serve", "--port", "0", "--slots", "1", *args],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, **(env or {})})
    try:
        assert proc.stdout is not None
        lines = []
        deadline = time.monotonic() + 120
        url = None
        while url is None and time.monotonic() < deadline:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line)
            found = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
            url = found.group(1) if found else None
        assert url, "".join(lines)
        yield url, "".join(lines)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0


def test_judge_serve_starts_grades_and_stops() -> None:
    with judge_serve() as (url, text):
        # the sandbox came up before the URL was printed, and its isolation was reported either way
        assert "starting the sandbox" in text and ("sandbox isolation:" in text or "WARNING" in text)

        with urllib.request.urlopen(url, timeout=10) as page:
            assert page.status == 200 and b"mljudge" in page.read()
        code = (REPO / "mljudge/exercises/gelu/solutions/numpy.py").read_text(encoding="utf-8")
        request = urllib.request.Request(url + "api/exercises/gelu/submissions", method="POST",
                                         data=json.dumps({"code": code, "track": "numpy"}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert json.load(answer)["verdict"] == "accepted"


SMUGGLED = b"GET /api/exercises HTTP/1.1\r\nHost: x\r\n\r\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[tuple[str, int], Path]]:
    """One real `judge serve` for the tests of its framing and its learner tokens: its address and data folder."""
    data = tmp_path_factory.mktemp("served")
    with judge_serve(env={"JUDGE_DATA_DIR": str(data)}) as (url, _):
        yield ("127.0.0.1", int(url.rsplit(":", 1)[1].strip("/"))), data


@pytest.mark.parametrize("framing", [
    b"Content-Length: 5\r\nTransfer-Encoding: chunked",
    b"Transfer-Encoding: chunked\r\nContent-Length: 5",
    b"Content-Length: 0\r\nTransfer-Encoding: CHUNKED",
    b"Content-Length: 48\r\nTransfer-Encoding: gzip, chunked",  # (TE other than chunked alone: a 501, closed too)
])
def test_judge_serve_refuses_a_request_framed_twice_and_answers_nothing_smuggled_after_it(
        framing: bytes, served: tuple[tuple[str, int], Path]) -> None:
    """RFC 9112 §6.3: a request with both Content-Length and Transfer-Encoding is refused and the connection
    closed. A proxy in front that frames it by its length would otherwise pass the bytes after the last chunk on as
    part of this request, while the server answered them as a second request of the proxy's connection."""
    address, _ = served
    request = (b"POST /api/reports/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               + framing + b"\r\n\r\n" + b"0\r\n\r\n" + SMUGGLED)
    with socket.create_connection(address, timeout=15) as sock:
        sock.sendall(request)
        raw = b""
        try:
            while chunk := sock.recv(65536):  # until the server closes the connection
                raw += chunk
        except TimeoutError:
            pytest.fail(f"the connection was kept open after answering {raw.count(b'HTTP/1.1 ')} request(s): "
                        f"{raw!r:.600}")
        with contextlib.suppress(OSError):  # the server closed it: nothing more is answered, ever
            sock.sendall(SMUGGLED)
            assert sock.recv(65536) == b""
    assert raw.count(b"HTTP/1.1 ") == 1, raw  # one answer: the smuggled GET never is
    status = int(raw.split(b" ", 2)[1])
    assert status == (501 if b"gzip" in framing else 400), raw
    head, _, body = raw.partition(b"\r\n\r\n")
    assert b"connection: close" in head.lower() and json.loads(body)["error"] in ("bad_request", "not_implemented")
    assert b'"exercises"' not in raw


def test_judge_serve_issues_only_signed_learner_tokens_with_a_private_key(
        served: tuple[tuple[str, int], Path]) -> None:
    """Over real HTTP: the key file made 0600 in JUDGE_DATA_DIR on first start; a planted learner cookie replaced
    by a signed token, in an answer no shared cache may keep; the token, sent back, is kept."""
    address, data = served
    assert stat.S_IMODE((data / signing.KEY_FILE).stat().st_mode) == 0o600
    connection = http.client.HTTPConnection(*address, timeout=15)
    planted = "A" * 43
    connection.request("GET", "/api/progress", headers={"Cookie": f"mlj_learner={planted}"})
    answer = connection.getresponse()
    answer.read()
    issued = answer.getheader("Set-Cookie", "").split(";")[0].removeprefix("mlj_learner=")
    assert issued != planted and re.fullmatch(r"[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}", issued)
    assert answer.getheader("Cache-Control") == "private, no-store" and "Cookie" in answer.getheader("Vary", "")
    connection.request("GET", "/api/progress", headers={"Cookie": f"mlj_learner={issued}"})
    again = connection.getresponse()
    again.read()
    assert again.getheader("Set-Cookie") is None and again.getheader("Cache-Control") == "private, no-store"
    connection.close()


def test_judge_serve_on_a_taken_port_is_one_line_before_the_sandbox_starts() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "mljudge.cli", "serve", "--port", str(port)], cwd=REPO,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "starting the sandbox" not in done.stdout
    assert done.stderr.strip() == (f"judge: error: cannot listen on 127.0.0.1:{port}: Address already in use; "
                                   f"pick another with --port (make run ARGS='--port {port + 1}')")


def test_a_clear_warning_when_isolation_is_inactive() -> None:
    out = io.StringIO()
    assert warn_if_unconfined({"none"}, ["namespaces: unshare failed: EPERM"], out)
    text = out.getvalue()
    assert text.startswith("WARNING") and "namespaces: unshare failed" in text and "judge doctor" in text
    out = io.StringIO()
    assert not warn_if_unconfined({"root"}, [], out)
    assert "all layers active" in out.getvalue()


# --- the HTTP layer: web.server's Service, in this process ------------------------------------------------------


@contextmanager
def serving(catalog: Catalog, **options: Any) -> Iterator[tuple[Service, tuple[str, int]]]:
    """The app (nothing graded: no pool) on web.server's Service, in a thread, on a free port."""
    settings: dict[str, Any] = {"threads": 4, "connection_limit": 50, "request_timeout": 30.0, "idle_timeout": 60.0,
                                "grace": 5.0, **options}
    service = Service(make_app(None, catalog), "127.0.0.1", 0, **settings)
    thread = threading.Thread(target=service.run, name="service", daemon=True)
    thread.start()
    try:
        yield service, ("127.0.0.1", service.port)
    finally:
        service.stop()
        thread.join(timeout=15)
        assert not thread.is_alive(), "the service did not stop"


def answer(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """Read until the server closes the connection: status, headers (lower-case names), body."""
    raw = b""
    while chunk := sock.recv(65536):
        raw += chunk
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def exchange(address: tuple[str, int], data: bytes) -> tuple[int, dict[str, str], bytes]:
    with socket.create_connection(address, timeout=15) as sock:
        sock.sendall(data)
        return answer(sock)


def assert_json_error(status: int, headers: dict[str, str], body: bytes, code: str) -> str:
    assert headers["content-type"] == "application/json", (status, headers, body)
    error = json.loads(body)
    assert error["error"] == code and error["detail"].strip()
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["x-frame-options"] == "DENY"
    assert headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    return str(error["detail"])


@pytest.mark.parametrize(("request_bytes", "status", "code"), [
    (b"GARBAGE\r\n\r\n", 400, "bad_request"),
    (b"GET / HTTP/1.1\r\nHost: x\r\nBad Header Name: 1\r\n\r\n", 400, "bad_request"),
    # exactly the limit, unfinished: the server reads all of it, so closing after its answer is no reset
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ".ljust(MAX_HEADER_BYTES, b"a"), 431, "headers_too_large"),
    # refused from its Content-Length, before 200 KB are read or buffered
    (b"POST /api/exercises/gelu/submissions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
     b"Content-Length: 200000\r\n\r\n", 413, "payload_too_large"),
    (b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501, "not_implemented"),
])
def test_the_http_layers_own_errors_are_json_with_security_headers(catalog: Catalog, request_bytes: bytes,
                                                                   status: int, code: str) -> None:
    with serving(catalog) as (_, address):
        got, headers, body = exchange(address, request_bytes)
    assert got == status
    assert_json_error(got, headers, body, code)


def test_the_http_layers_errors_speak_the_requests_language(catalog: Catalog) -> None:
    request = (b"POST /api/exercises/gelu/submissions HTTP/1.1\r\nHost: x\r\nAccept-Language: %s\r\n"
               b"Content-Length: 999999\r\n\r\n")
    with serving(catalog) as (_, address):
        ru = assert_json_error(*exchange(address, request % b"ru-RU,ru;q=0.9"), "payload_too_large")
        en = assert_json_error(*exchange(address, request % b"en"), "payload_too_large")
    assert ru == t("web.error.http_413", "ru") and en == t("web.error.http_413", "en") and ru != en


def test_a_body_as_large_as_the_app_allows_passes_the_http_layer(catalog: Catalog) -> None:
    with serving(catalog) as (_, address):
        body = b"[" + b" " * (MAX_CONTENT_LENGTH - 2) + b"]"  # valid JSON, not an object: the app's own 400
        status, _, answered = exchange(address, b"POST /api/exercises/gelu/submissions HTTP/1.1\r\n"
                                             b"Host: x\r\nContent-Type: application/json\r\nConnection: close\r\n"
                                             b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
    assert status == 400 and json.loads(answered)["detail"] == t("web.error.bad_json", "en")


def test_a_request_trickling_in_is_cut_off_with_408(catalog: Catalog) -> None:
    """Never silent (a byte every 0.1 s, so the idle timeout never fires), never finished: cut off by the request
    timeout, counted from its first byte."""
    with serving(catalog, request_timeout=1.0) as (_, address), socket.create_connection(address) as sock:
        sock.sendall(b"GET /api/exercises HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        sock.settimeout(0.1)
        for _ in range(150):  # 15 s at most
            try:
                first = sock.recv(65536)
                break
            except TimeoutError:
                sock.sendall(b"a")
        else:
            pytest.fail("a request trickling in was never cut off")
        sock.settimeout(5)
        rest = b""
        while chunk := sock.recv(65536):
            rest += chunk
    raw = first + rest
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    assert lines[0].split()[1] == "408"
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines[1:])}
    assert_json_error(408, headers, body, "request_timeout")


def test_the_request_timeout_counts_from_a_requests_first_byte_not_from_the_connection(catalog: Catalog) -> None:
    """A keep-alive connection may wait between requests (up to the idle timeout) longer than a request may take
    to arrive."""
    with serving(catalog, request_timeout=1.0) as (service, address):
        connection = http.client.HTTPConnection(*address, timeout=10)
        for _ in range(2):
            connection.request("GET", "/api/exercises")
            response = connection.getresponse()
            assert response.status == 200 and json.load(response)["exercises"]
            time.sleep(2.5)  # two cleanups of the server happen here
        assert len(service.channels()) == 1  # the same connection all along
        connection.close()
