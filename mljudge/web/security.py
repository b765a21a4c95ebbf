"""Response headers that keep the pages strict, cache-friendly asset URLs, and who the client is.

CSP: scripts only from this origin (no inline script anywhere: page data travels in
``<script type="application/json">``, which never executes); styles from this origin plus a per-request nonce,
because CodeMirror injects its own <style> elements and is handed the nonce (see web/static/js/exercise.js).
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from collections.abc import Sequence
from pathlib import Path

from flask import Flask, Response, g, request, url_for

from mljudge.web.config import Network

STATIC_MAX_AGE = 365 * 24 * 3600


def csp(nonce: str) -> str:
    return "; ".join([
        "default-src 'self'",
        "script-src 'self'",
        f"style-src 'self' 'nonce-{nonce}'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


def nonce() -> str:
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(18)
    return str(g.csp_nonce)


def strict_headers(nonce: str) -> dict[str, str]:
    """The headers every answer carries: the app's own, and the server's low-level errors (web.server)."""
    return {
        "Content-Security-Policy": csp(nonce),
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    }


PRIVATE = "private, no-store"


def personal() -> None:
    """This answer depends on who asks (it reads or records the learner's own submissions): no cache may keep it,
    and none may hand it to anyone else."""
    g.personal = True


def _headers(response: Response) -> Response:
    headers = response.headers
    headers.update(strict_headers(nonce()))
    if g.get("personal") or headers.getlist("Set-Cookie"):
        # A shared cache in front must never serve one learner's cookie, or their submissions, to another.
        headers["Cache-Control"] = PRIVATE
        response.vary.add("Cookie")
    elif request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
        # Versioned URLs (see `asset`) change whenever the file does, so browsers may keep them for good.
        headers["Cache-Control"] = f"public, max-age={STATIC_MAX_AGE}, immutable"
    return response


class Assets:
    """`asset('js/exercise.js')` → '/static/js/exercise.js?v=<content hash>', recomputed when the file changes."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._hashes: dict[str, tuple[float, str]] = {}

    def url(self, filename: str) -> str:
        path = self.folder / filename
        stamp = path.stat().st_mtime
        cached = self._hashes.get(filename)
        if cached is None or cached[0] != stamp:
            cached = (stamp, hashlib.sha256(path.read_bytes()).hexdigest()[:12])
            self._hashes[filename] = cached
        return url_for("static", filename=filename, v=cached[1])


def init_app(app: Flask) -> None:
    """Call before registering any other after_request hook: Flask runs them last-registered first, and these
    headers must see every cookie the others set."""
    assets = Assets(Path(app.static_folder or "static"))
    app.after_request(_headers)
    app.jinja_env.globals.update(asset=assets.url, csp_nonce=nonce)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """An address as written in REMOTE_ADDR or X-Forwarded-For ('[::1]' allowed); IPv4-mapped IPv6 as IPv4."""
    try:
        address = ipaddress.ip_address(text.strip().removeprefix("[").removesuffix("]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def forwarded_client(peer: str, forwarded_for: str | None, trusted: Sequence[Network]) -> str:
    """The client behind a request: `peer` (the direct connection) unless it is a trusted proxy, in which case the
    address it forwarded for, and so on leftwards through X-Forwarded-For while each hop is trusted.

    Only the right end of the header can be believed: each trusted proxy appends the address it saw, while
    anything further left may have been written by the client itself. So the walk stops at the first untrusted
    hop, and that hop is the client. A malformed entry ends the walk too, at the trusted proxy that passed it on.
    """
    address = _ip(peer)
    if address is None:
        return peer
    hops = [hop for hop in (forwarded_for or "").split(",") if hop.strip()]
    while hops and any(address in network for network in trusted):
        forwarded = _ip(hops.pop())
        if forwarded is None:
            break
        address = forwarded
    return str(address)
