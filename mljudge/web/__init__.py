"""mljudge on the web: a Flask app over the same `grade()` the CLI uses.

    create_app()  ─►  pages blueprint (/, /exercises/<slug>, /lessons/<slug>: Jinja + small vanilla JS)
                  ─►  api blueprint   (/api/...: JSON, rate-limited, OpenAPI at /api/openapi.json)

Everything is served from this process (no CDN, no external font or script), so it works offline.
`judge serve` (web.server) runs it on waitress with the sandbox's zygotes warm before the first request.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import orjson
from flask import Flask, current_app, request
from flask.json.provider import DefaultJSONProvider
from flask_limiter import Limiter
from werkzeug.sansio.response import Response as BaseResponse

from mljudge.judge.catalog import Catalog
from mljudge.sandbox import MAX_SOURCE_BYTES, Pool
from mljudge.web import config, errors, i18n, security, signing

if TYPE_CHECKING:
    from mljudge.dispatch.submitter import Dispatcher
    from mljudge.store import Store

MAX_CODE_BYTES = MAX_SOURCE_BYTES  # 64 KiB: the same limit the policy check applies to a file
# The code travels inside a JSON string: escaped newlines, quotes and backslashes make the envelope larger than
# the code itself, so the body may be a bit larger; the code's own UTF-8 size is checked exactly in the API.
MAX_CONTENT_LENGTH = MAX_CODE_BYTES * 3 // 2


def default_config() -> dict[str, Any]:
    """Settings, each overridable by `settings` in create_app; the environment gives the defaults (web.config's
    table: RATE_LIMIT, MAX_PENDING, TRUSTED_PROXIES, …), checked: a malformed one raises ConfigError."""
    return {
        **config.read(),
        "MAX_CODE_BYTES": MAX_CODE_BYTES,
        "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
        "RETRY_AFTER_SECONDS": 2,
        # Flask-Limiter would put its Retry-After on every answer, 200s included; web.errors sets it on 429s only.
        "RATELIMIT_HEADERS_ENABLED": False,
    }


class JSONProvider(DefaultJSONProvider):
    """JSON through orjson: a report with its plot is a few thousand numbers, which the standard library takes
    over a millisecond to write (a tenth of a verdict's time over HTTP), orjson a twentieth of that. Anything orjson
    will not write (an integer past 64 bits) goes the standard way."""

    sort_keys = False  # keep reports in the CLI's field order
    ensure_ascii = False

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if not kwargs:
            try:
                return orjson.dumps(obj, option=orjson.OPT_SERIALIZE_NUMPY).decode()
            except TypeError:
                pass
        return super().dumps(obj, **kwargs)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        # orjson refuses what is not strict JSON (NaN, a body nested past 1024 levels) with a ValueError, which
        # request.get_json turns into a 400 like any other malformed JSON, never a server error.
        if kwargs:
            return super().loads(s, **kwargs)
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> BaseResponse:
        # Flask's own passes separators (compact output), which orjson's output already is.
        return self._app.response_class(self.dumps(self._prepare_response_obj(args, kwargs)),
                                        mimetype=self.mimetype)


def client_address() -> str:
    """Who sent the current request: the peer's address, or, when the peer is one of TRUSTED_PROXIES, the client
    address it forwarded (X-Forwarded-For, walked from the right; see security.forwarded_client). The identity for
    rate limits and fair admission."""
    return security.forwarded_client(request.remote_addr or "", request.headers.get("X-Forwarded-For"),
                                   current_app.config.get("TRUSTED_PROXIES", ()))


def create_app(settings: dict[str, Any] | None = None, pool: Pool | None = None,
               catalog: Catalog | None = None, store: Store | None = None,
               dispatcher: Dispatcher | None = None) -> Flask:
    """The web app, configured from the environment (web.config) overlaid with `settings`. `pool`: the sandbox
    pool to grade with (None: the process-wide default pool, started lazily); `catalog`: where exercises come from
    (None: $JUDGE_EXERCISES_DIR or the bundled exercises/); `store`: the record of submissions, migrated (None:
    nothing is recorded, as in tests of other parts); `dispatcher`: the broker to grade through (None: grade in
    this process with `pool`). Reads (or makes) the signing keys in DATA_DIR unless `settings` has SIGNING_KEYS:
    raises signing.KeyFileError when it cannot."""
    app = Flask(__name__)
    app.json = JSONProvider(app)
    app.config.update(default_config())
    app.config.update(settings or {})

    app.extensions["mljudge"] = {
        "catalog": catalog or Catalog(),
        "pool": pool,
        "store": store,
        "dispatcher": dispatcher,
        # What the server signs (learner tokens, reports it hands out): SIGNING_KEYS (newest first) when given,
        # else the key file in DATA_DIR, made on first start.
        "keys": signing.Keys(app.config.get("SIGNING_KEYS") or signing.load(Path(app.config["DATA_DIR"]))),
    }

    # In-memory counters: one process serves the site (waitress threads share them).
    limiter = Limiter(client_address, app=app, default_limits=[], storage_uri="memory://")
    app.extensions["mljudge"]["limiter"] = limiter

    from mljudge.web import links, submissions
    from mljudge.web.api import api
    from mljudge.web.pages import pages

    # One budget per client across the whole API (a shared scope), read from the config at request time.
    for blueprint in (api, submissions.submissions, links.links):
        limiter.shared_limit(lambda: str(app.config["RATE_LIMIT"]), scope="api")(blueprint)
    app.register_blueprint(pages)
    app.register_blueprint(api, url_prefix="/api")
    app.register_blueprint(submissions.submissions, url_prefix="/api")
    app.register_blueprint(links.links)  # /api/learner/links and the page /learner/link
    security.init_app(app)  # first: its headers see the cookie the others set (after_request runs in reverse)
    submissions.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)
    return app


def state(app: Flask | None = None) -> dict[str, Any]:
    """This app's catalog, pool and limiter."""
    from flask import current_app

    return (app or current_app).extensions["mljudge"]  # type: ignore[no-any-return]
