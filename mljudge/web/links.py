"""One-time links that open a learner's history — what `judge run --server` and notebooks submitted under the
token a machine keeps (client.tokens) — in a browser: `judge history --browser`.

    POST /api/learner/links   (with the learner's token)  →  {"path": "/learner/link#<signed>", "expires_in": 300}
    GET  /learner/link        a page that says what opening it does, and asks
    POST /learner/link        the learner confirmed: the browser gets that learner's token, once

What holds it closed:
- Short-lived and single-use: the link is signed (web.signing, a salt of its own) with its time, good for
  LINK_SECONDS; its nonce is recorded when used (store: link_uses, shared by every web process), so a second use,
  from anywhere, is refused. The database keeps a digest of the nonce, never the learner id.
- Out of logs: the signed part travels in the URL's fragment, which browsers never send; the page's script moves
  it into the form and out of the address bar.
- Never adopted behind anyone's back (session fixation stays closed): opening the page changes nothing; only the
  confirmation form does, which carries a nonce that must equal a SameSite=Strict cookie the page set, so another
  site can neither post it nor frame the page (frame-ancestors 'none') to have it clicked; a Sec-Fetch-Site other
  than same-origin is refused too. The page says plainly that the browser will submit as that learner from then on,
  and to go on only with a link one printed oneself.
- Only for a learner this server issued a token to: a client without one gets a 403, never a link for a new id.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from mljudge.judge.errors import ExerciseError, UnknownExercise
from mljudge.store import Store, StoreError
from mljudge.web import security, state, submissions
from mljudge.web.errors import ApiError
from mljudge.web.i18n import request_lang, wt
from mljudge.web.inputs import answer_lang, body_lang, json_body
from mljudge.web.pages import _page

links = Blueprint("links", __name__)

PATH = "/learner/link"
LINK_SECONDS = 300
FORM_COOKIE = "mlj_link_form"
FORM_SECONDS = 600
_NONCE = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _exercise_exists(slug: str) -> bool:
    try:
        state()["catalog"].get(slug)
    except (UnknownExercise, ExerciseError):
        return False
    return True


@links.post("/api/learner/links")
def create() -> Response:
    security.personal()
    lang = answer_lang()
    body = json_body(lang)
    lang = body_lang(body)
    slug = body.get("exercise")
    if slug is not None and (not isinstance(slug, str) or not _exercise_exists(slug)):
        raise ApiError(404, wt("error.unknown_exercise", lang, slug=str(slug)[:100]))
    if state()["store"] is None:
        raise ApiError(404, wt("link_no_record", lang))
    learner_id = submissions.known_learner()
    if learner_id is None:
        raise ApiError(403, wt("link_no_learner", lang), error="no_learner")
    token = state()["keys"].link_token({"l": learner_id, "n": secrets.token_urlsafe(24), "e": slug})
    return jsonify({"path": f"{PATH}#{token}", "expires_in": LINK_SECONDS})


@links.get(PATH)
def confirm() -> Response:
    security.personal()  # the form's nonce is this browser's alone
    lang = request_lang()
    nonce = secrets.token_urlsafe(24)
    response = _page("link.html", lang, form_nonce=nonce)
    response.set_cookie(FORM_COOKIE, nonce, max_age=FORM_SECONDS, httponly=True, samesite="Strict",
                        secure=submissions.over_https(), path=PATH)
    return response


@links.post(PATH)
def confirm_link() -> WerkzeugResponse | tuple[str, int]:
    security.personal()
    lang = request_lang()
    given, kept = request.form.get("form", ""), request.cookies.get(FORM_COOKIE, "")
    site = request.headers.get("Sec-Fetch-Site", "same-origin")
    if not (given and kept and hmac.compare_digest(given.encode(), kept.encode())) or site != "same-origin":
        return _refused(400, wt("link_stale", lang), lang)
    found = state()["keys"].link(request.form.get("link", ""), LINK_SECONDS)
    payload: Any = found[0] if found is not None else None
    if not (isinstance(payload, dict) and isinstance(payload.get("l"), str) and isinstance(payload.get("n"), str)
            and _NONCE.fullmatch(payload["n"]) and (payload.get("e") is None or isinstance(payload.get("e"), str))):
        return _refused(400, wt("link_invalid", lang, minutes=LINK_SECONDS // 60), lang)
    assert found is not None
    store: Store | None = state()["store"]
    if store is None:
        return _refused(404, wt("link_no_record", lang), lang)
    expires = datetime.fromtimestamp(found[1], UTC) + timedelta(seconds=LINK_SECONDS)
    try:
        first = store.use_link(hashlib.sha256(payload["n"].encode("ascii")).hexdigest(), expires)
    except StoreError:
        return _refused(503, wt("error_store_unavailable", lang), lang)
    if not first:
        return _refused(400, wt("link_invalid", lang, minutes=LINK_SECONDS // 60), lang)
    try:
        submissions.adopt(payload["l"])
    except ValueError:
        return _refused(400, wt("link_invalid", lang, minutes=LINK_SECONDS // 60), lang)
    slug = payload.get("e")
    target = url_for("pages.exercise", slug=slug) if slug and _exercise_exists(slug) else url_for("pages.catalog")
    response = redirect(target, 303)
    response.delete_cookie(FORM_COOKIE, path=PATH)
    return response


def _refused(status: int, detail: str, lang: str) -> tuple[str, int]:
    return render_template("error.html", lang=lang, status=status, detail=detail), status
