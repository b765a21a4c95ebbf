"""The course server's client against servers that misbehave: every failure one sentence (rate limits with their
Retry-After, a server that is busy, fails, redirects, speaks HTML, another report version, refuses the connection,
never answers, or is not TLS), the learner token kept per server, 0600, and sent back."""

from __future__ import annotations

import json
import socket
import stat
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from mljudge.client import tokens
from mljudge.client.answer import CheckReport
from mljudge.client.errors import BadArgument, ServerError
from mljudge.client.server import CourseServer, normalise

TOKEN = "A" * 43 + "." + "B" * 43
SEEN: list[str | None] = []


class Misbehaving(BaseHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass

    def _send(self, status: int, body: bytes, kind: str = "application/json", **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:
        SEEN.append(self.headers.get("Cookie"))
        slug = self.path.split("?")[0].rsplit("/", 1)[-1]
        error = json.dumps({"error": "x", "detail": "the server's own sentence"}).encode()
        if slug == "limited":
            self._send(429, error, Retry_After="7")
        elif slug == "busy":
            self._send(503, error, Retry_After="3")
        elif slug == "broken":
            self._send(500, b"<html>oops</html>", "text/html")
        elif slug == "html":
            self._send(200, b"<html>a blog</html>", "text/html")
        elif slug == "moved":
            self._send(302, b"", Location="https://elsewhere.example/")
        elif slug == "list":
            self._send(200, b"[1, 2]")
        elif slug == "token":
            self._send(200, b'{"title": "t"}', Set_Cookie=f"mlj_learner={TOKEN}; HttpOnly; Path=/")
        else:
            self._send(200, b'{"title": "t"}')


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Misbehaving)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(("slug", "said"), [
    ("limited", r"not taking more from this client right now \(HTTP 429.*the server's own sentence; try again in 7 s"),
    ("busy", r"is busy \(HTTP 503\): the server's own sentence; try again in 3 s"),
    ("broken", r"failed \(HTTP 500 Internal Server Error\); try again later"),
    ("html", r"did not answer as an mljudge course server \(it sent text/html\)"),
    ("moved", r"redirects to https://elsewhere.example/: use that address"),
    ("list", r"not a JSON object"),
])
def test_a_misbehaving_server_is_one_sentence(url: str, slug: str, said: str) -> None:
    with pytest.raises(ServerError, match=said) as caught:
        CourseServer(url).exercise(slug, "en")
    assert ("\n" not in str(caught.value) and str(caught.value).startswith(url)) or "Traceback" not in str(caught.value)


def test_unreachable_servers_are_one_sentence(url: str) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    with pytest.raises(ServerError, match=r"nothing answers at .* \(connection refused\): is `judge serve` running"):
        CourseServer(f"http://127.0.0.1:{port}").exercises()
    with pytest.raises(ServerError, match=r"TLS with https://127\.0\.0\.1:\d+ failed"):
        CourseServer(url.replace("http://", "https://")).exercises()
    with socket.socket() as silent:  # accepts, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        with pytest.raises(ServerError, match=r"did not answer within 0.5 s"):
            CourseServer(f"http://127.0.0.1:{silent.getsockname()[1]}", timeout=0.5).exercises()
    with pytest.raises(ServerError, match="cannot find the host"):
        CourseServer("http://no-such-host.invalid").exercises()


def test_the_token_a_server_issues_is_kept_0600_per_server_and_sent_back(url: str) -> None:
    server = CourseServer(url)
    assert tokens.load_token(server.url) is None
    server.exercise("token", "en")
    path = tokens.path_for(server.url)
    assert tokens.load_token(server.url) == TOKEN and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    SEEN.clear()
    server.exercise("plain", "en")
    assert [f"mlj_learner={TOKEN}"] == SEEN
    assert tokens.path_for(server.url + "/other") != path and tokens.load_token(server.url + "/other") is None
    path.chmod(0o644)
    with pytest.raises(tokens.TokenFileError, match=r"may be read by other users.*chmod 600"):
        server.exercise("plain", "en")
    path.chmod(0o600)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(tokens.TokenFileError, match="not a learner token file; delete it"):
        tokens.load_token(server.url)
    path.unlink()


@pytest.mark.parametrize("bad", ["", "127.0.0.1:8000", "ftp://x", "http://", "http://x?y=1", "http://u:p@x",
                                 "http://x:99999"])
def test_a_server_address_that_is_not_one_is_a_usage_error(bad: str) -> None:
    with pytest.raises(BadArgument):
        normalise(bad)


def test_addresses_are_one_key_per_server() -> None:
    assert normalise(" HTTP://Judge.Example.EDU:8000/course/ ") == "http://judge.example.edu:8000/course"
    assert normalise("https://[::1]:8443") == "https://[::1]:8443"


def test_a_report_of_another_version_or_shape_is_a_sentence() -> None:
    with pytest.raises(ServerError, match=r"report of version 99.*use the same version of mljudge"):
        CheckReport({"version": 99}, title="t", graded_by="http://x")
    from mljudge.judge.report import REPORT_VERSION

    with pytest.raises(ServerError, match="cannot read"):
        CheckReport({"version": REPORT_VERSION, "verdict": "sideways"}, title="t", graded_by="http://x")
