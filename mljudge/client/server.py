"""A course server (`judge serve`) over its JSON API (web/openapi.py), as a notebook and `judge run --server` use
it: the exercise, a submission graded there, the learner's own history, a link that opens it in a browser.

The learner is the token the server issued in its `mlj_learner` cookie (web.submissions): kept per server
(client.tokens) and sent back as `Cookie: mlj_learner=…`, so that every client of this user is one learner there.
Whatever goes wrong on the way (no network, a server that is down or is not mljudge, a rate limit, a 5xx, TLS, a
redirect) is a ServerError of one sentence; the standard library's exceptions never reach the learner.
"""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from http.cookies import CookieError, SimpleCookie
from importlib import metadata
from typing import Any

from mljudge.client import tokens
from mljudge.client.errors import BadArgument, ServerError

COOKIE = "mlj_learner"  # web.submissions.COOKIE (not imported: that module is the web's, with Flask)
ENV = "MLJUDGE_SERVER"
TIMEOUT = 120.0  # a submission may wait for a sandbox, then run every case: minutes, never forever
MAX_ANSWER = 16 * 1024 * 1024  # a report with its plot is well under 1 MB
try:
    VERSION = metadata.version("mljudge")
except metadata.PackageNotFoundError:  # a checkout that was never installed
    VERSION = "0+unknown"


def normalise(url: str) -> str:
    """`url` as the one key of a server: http(s)://host[:port][/prefix], lower-case scheme and host, no trailing
    slash. BadArgument for anything else."""
    text = url.strip()
    try:
        parts = urllib.parse.urlsplit(text)
        port = parts.port
    except ValueError:
        raise BadArgument(f"{url!r} is not a server address; for example http://127.0.0.1:8000") from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise BadArgument(f"{url!r} is not a server address: it needs http:// or https:// and a host, for example "
                         "http://127.0.0.1:8000")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise BadArgument(f"{url!r}: give the server's address alone (no query, fragment or password)")
    host = parts.hostname.lower()
    netloc = (f"[{host}]" if ":" in host else host) + (f":{port}" if port is not None else "")
    return f"{parts.scheme.lower()}://{netloc}{parts.path.rstrip('/')}"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is answered as the error it is for this client (a POST would silently become a GET)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects())


class ServerRefused(ServerError):
    """The server answered with an error status: its code (`error`, e.g. not_found) and its sentence."""

    def __init__(self, status: int, error: str, detail: str, sentence: str) -> None:
        super().__init__(sentence)
        self.status, self.error, self.detail = status, error, detail


class CourseServer:
    def __init__(self, url: str, *, timeout: float = TIMEOUT) -> None:
        self.url = normalise(url)
        self.timeout = timeout

    # --- what the API offers ------------------------------------------------------------------------------------

    def exercises(self) -> dict[str, Any]:
        return self._json("GET", "/api/exercises")

    def exercise(self, slug: str, lang: str) -> dict[str, Any]:
        return self._json("GET", f"/api/exercises/{_segment(slug)}", query={"lang": lang})

    def submit(self, slug: str, code: str, track: str | None, lang: str) -> dict[str, Any]:
        body: dict[str, Any] = {"code": code, "lang": lang}
        if track is not None:
            body["track"] = track
        return self._json("POST", f"/api/exercises/{_segment(slug)}/submissions", body=body)

    def history(self, slug: str | None, lang: str) -> dict[str, Any] | None:
        """This learner's submissions (of `slug`), newest first; None when this machine has no token for the
        server yet (asking would only make a new, empty learner)."""
        if tokens.load_token(self.url) is None:
            return None
        query = {"lang": lang, **({"exercise": slug} if slug else {})}
        return self._json("GET", "/api/submissions", query=query)

    def submission(self, submission_id: str, lang: str) -> dict[str, Any]:
        return self._json("GET", f"/api/submissions/{_segment(submission_id)}", query={"lang": lang})

    def link(self, slug: str | None, lang: str) -> dict[str, Any] | None:
        """A one-time link that opens this learner's history in a browser; None without a token."""
        if tokens.load_token(self.url) is None:
            return None
        return self._json("POST", "/api/learner/links", body={"lang": lang, **({"exercise": slug} if slug else {})})

    # --- one request ---------------------------------------------------------------------------------------------

    def _json(self, method: str, path: str, *, query: dict[str, str] | None = None,
              body: Any = None) -> dict[str, Any]:
        url = self.url + path + (f"?{urllib.parse.urlencode(query)}" if query else "")
        headers = {"Accept": "application/json", "User-Agent": f"mljudge/{VERSION}"}
        data = None
        if body is not None:
            data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            headers["Content-Type"] = "application/json"
        # Sent with every request, as a browser sends its cookie: an answer to a request without it would carry a
        # new learner's token, which would replace this one.
        if (token := tokens.load_token(self.url)) is not None:
            headers["Cookie"] = f"{COOKIE}={token}"
        request = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with _OPENER.open(request, timeout=self.timeout) as answer:
                raw = answer.read(MAX_ANSWER + 1)
                self._keep_token(answer.headers)
                kind = answer.headers.get_content_type()
        except urllib.error.HTTPError as exc:
            with exc:
                raise self._refused(exc) from None
        except (OSError, http.client.HTTPException, ValueError) as exc:  # URLError is an OSError
            raise ServerError(self._unreachable(exc)) from None
        if len(raw) > MAX_ANSWER or kind != "application/json":
            raise ServerError(f"{self.url} did not answer as an mljudge course server (it sent {kind}"
                              f"{', too much' if len(raw) > MAX_ANSWER else ''}): check the address")
        try:
            parsed = json.loads(raw)
        except ValueError:
            parsed = None
        if not isinstance(parsed, dict):
            raise ServerError(f"{self.url} sent an answer that is not a JSON object: is it an mljudge server?")
        return parsed

    def _keep_token(self, headers: Message) -> None:
        for header in headers.get_all("Set-Cookie") or []:
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(header)
            except CookieError:
                continue
            if COOKIE in cookie and cookie[COOKIE].value:
                tokens.save(self.url, cookie[COOKIE].value)

    def _refused(self, exc: urllib.error.HTTPError) -> ServerRefused:
        status = exc.code
        error, detail = "", ""
        try:
            body = json.loads(exc.read(64 * 1024))
            if isinstance(body, dict):
                error, detail = str(body.get("error", "")), str(body.get("detail", ""))
        except (OSError, ValueError, http.client.HTTPException):
            pass
        wait = _retry_after(exc.headers)
        said = f": {detail}" if detail else ""
        if 300 <= status < 400:
            where = exc.headers.get("Location", "")
            sentence = (f"{self.url} redirects to {where}: use that address with --server" if where else
                        f"{self.url} answered with a redirect (HTTP {status})")
        elif status == 429:
            sentence = (f"{self.url} is not taking more from this client right now (HTTP 429, too many requests)"
                        f"{said}; try again {wait}")
        elif status == 503:
            sentence = f"{self.url} is busy (HTTP 503){said}; try again {wait}"
        elif status >= 500:
            sentence = (f"{self.url} failed (HTTP {status}{' ' + exc.reason if exc.reason else ''})"
                        f"{said}; try again later, or tell the course's teacher")
        elif detail:
            sentence = f"{self.url}: {detail}"
        else:
            sentence = (f"{self.url} refused the request (HTTP {status} {exc.reason or ''}): is it an mljudge "
                        f"server of this version ({VERSION})?")
        return ServerRefused(status, error, detail, sentence)

    def _unreachable(self, exc: BaseException) -> str:
        reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        host = urllib.parse.urlsplit(self.url).hostname
        if isinstance(reason, ssl.SSLCertVerificationError):
            return f"the TLS certificate of {self.url} cannot be trusted: {reason.verify_message or reason}"
        if isinstance(reason, ssl.SSLError):
            return f"TLS with {self.url} failed: {reason.reason or reason} (is it https:// or http://?)"
        if isinstance(reason, ConnectionRefusedError):
            return f"nothing answers at {self.url} (connection refused): is `judge serve` running there?"
        if isinstance(reason, socket.gaierror):
            return f"cannot find the host {host}: {reason.strerror or reason}"
        if isinstance(reason, TimeoutError):
            return f"{self.url} did not answer within {self.timeout:g} s"
        if isinstance(reason, http.client.HTTPException | ConnectionError):
            return f"{self.url} closed the connection without an answer ({type(reason).__name__}): is it an " \
                   "HTTP server?"
        text = getattr(reason, "strerror", None) or str(reason) or type(reason).__name__
        return f"cannot reach {self.url}: {text}"


def _retry_after(headers: Message) -> str:
    value = (headers.get("Retry-After") or "").strip()
    return f"in {int(value)} s" if value.isdigit() else "in a moment"


def _segment(text: str) -> str:
    return urllib.parse.quote(text, safe="")
