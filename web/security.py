"""Response headers that keep the pages strict, and cache-friendly asset URLs.

CSP: scripts only from this origin (no inline script anywhere: page data travels in
``<script type="application/json">``, which never executes); styles from this origin plus a per-request nonce,
because CodeMirror injects its own <style> elements and is handed the nonce (see web/static/js/exercise.js).
"""

from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from flask import Flask, Response, g, request, url_for

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


def _headers(response: Response) -> Response:
    headers = response.headers
    headers["Content-Security-Policy"] = csp(nonce())
    headers["X-Content-Type-Options"] = "nosniff"
    headers["X-Frame-Options"] = "DENY"
    headers["Referrer-Policy"] = "no-referrer"
    headers["Cross-Origin-Opener-Policy"] = "same-origin"
    headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=(), payment=()"
    if request.endpoint == "static" and request.args.get("v") and response.status_code == 200:
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
    assets = Assets(Path(app.static_folder or "static"))
    app.after_request(_headers)
    app.jinja_env.globals.update(asset=assets.url, csp_nonce=nonce)
