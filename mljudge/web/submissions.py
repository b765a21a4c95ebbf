"""Submissions that last: the learner cookie, grading through the broker or in this process, the record, and the
learner's own history (/api/submissions, /api/progress).

A learner has no account: a random id, inside a token the server signs (web.signing), kept in an HttpOnly,
SameSite=Lax cookie (Secure over HTTPS), set on the first answer that lacks it. Only a token this server issued is
believed: any other value (malformed, made up to look like one, signed by another server, or an unsigned id from
before tokens were signed) is refused and replaced by a new learner's token, so nobody can plant an id in a
browser and read what is submitted under it. The token is opaque text sent back as the cookie, so a client that is
not a browser (a CLI, a notebook) keeps the Set-Cookie value and sends it as `Cookie: mlj_learner=<token>`.

The database keeps a digest of the id, never the id or the token, so a leaked database names no learner. A
submission is readable only with the token that made it: any other id (guessed, enumerated, someone else's) is the
same 404 as one that does not exist. Answers about a learner's own submissions, and every answer that sets the
cookie, are `Cache-Control: private, no-store` (web.security).
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import re
import secrets
import time
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from flask import Blueprint, Flask, Response, current_app, g, jsonify, request

from mljudge.dispatch.jobs import Graded, GradingJob, grade_job
from mljudge.judge.errors import ExerciseError, UnknownExercise
from mljudge.judge.exercise import Exercise
from mljudge.judge.grade import screen
from mljudge.judge.i18n import t
from mljudge.judge.report import Report
from mljudge.store import Record, Store, StoreError, new_id
from mljudge.web import reports, security, state
from mljudge.web.errors import ApiError
from mljudge.web.i18n import request_lang, wt
from mljudge.web.inputs import answer_lang

submissions = Blueprint("submissions", __name__)
log = logging.getLogger("mljudge.web")

COOKIE = "mlj_learner"
COOKIE_MAX_AGE = 2 * 365 * 24 * 3600
_LEARNER_ID = re.compile(r"[A-Za-z0-9_-]{43}")  # secrets.token_urlsafe(32): 256 random bits
_SUBMISSION_ID = re.compile(r"[0-9a-f]{32}")
HISTORY_LIMIT = 100
try:
    JUDGE_VERSION = metadata.version("mljudge")
except metadata.PackageNotFoundError:  # a checkout that was never installed
    JUDGE_VERSION = "0+unknown"


# --- the learner --------------------------------------------------------------------------------------------------


def _learner_id() -> str:
    """This request's learner id: the one inside the token its cookie carries, when this server issued it; else a
    new one, whose token this answer sets. A token signed with the previous key is issued again under the newest."""
    if "learner_id" not in g:
        verified = state()["keys"].learner_id(request.cookies.get(COOKIE, ""))
        if verified is not None and _LEARNER_ID.fullmatch(verified.value):
            g.learner_id, g.issue_token = verified.value, not verified.current
        else:
            g.learner_id, g.issue_token = secrets.token_urlsafe(32), True
    return str(g.learner_id)


def known_learner() -> str | None:
    """The learner id inside this request's token when this server issued it (newest or previous key); None for a
    client that has none yet (or one made up, or signed elsewhere): a new learner."""
    verified = state()["keys"].learner_id(request.cookies.get(COOKIE, ""))
    return verified.value if verified is not None and _LEARNER_ID.fullmatch(verified.value) else None


def adopt(learner_id: str) -> None:
    """This answer sets the token of `learner_id` (a one-time link opened: web.links), replacing the client's."""
    if not _LEARNER_ID.fullmatch(learner_id):
        raise ValueError("not a learner id")
    g.learner_id, g.issue_token = learner_id, True


def learner() -> str:
    """Who the store knows this learner as: a digest of their id. The answer is then the learner's own: never
    cached for anyone else (web.security.personal)."""
    security.personal()
    return hashlib.sha256(_learner_id().encode("ascii")).hexdigest()[:40]


def over_https() -> bool:
    """Whether the learner reached us over HTTPS: directly, or through a trusted proxy that says so."""
    if request.is_secure:
        return True
    forwarded = request.headers.get("X-Forwarded-Proto", "").split(",")[-1].strip().lower()
    if forwarded != "https":
        return False
    try:
        peer = ipaddress.ip_address((request.remote_addr or "").strip("[]"))
    except ValueError:
        return False
    return any(peer in network for network in current_app.config.get("TRUSTED_PROXIES", ()))


def _set_cookie(response: Response) -> Response:
    if request.endpoint == "static":
        return response
    learner_id = _learner_id()
    if g.issue_token:
        response.set_cookie(COOKIE, state()["keys"].learner_token(learner_id), max_age=COOKIE_MAX_AGE,
                            httponly=True, samesite="Lax", secure=over_https(), path="/")
    return response


# --- grading and recording ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submitted:
    id: str | None  # None when this app keeps no record (an app made without a store)
    report: Report
    graded: Graded


def judge(exercise: Exercise, code: str, track: str | None, *, client: str) -> Submitted:
    """Grade a submission (on a worker when the app has a broker, else in this process) and record it, once.
    Raises what grading raises (sandbox.Busy / ClientBusy, UnknownTrack); a database that fails is a 503."""
    job = GradingJob(id=new_id(), exercise=exercise.slug, code=code, track=track, plot=True)
    dispatcher = state()["dispatcher"]
    if dispatcher is not None:
        # What the policy decides needs no sandbox: answered here, never queued behind code that runs.
        started = time.perf_counter()
        early = screen(exercise, code, track)
        graded = (dispatcher.grade(exercise, job, client) if early is None else
                  Graded(report=early.to_json(), grade_ms=(time.perf_counter() - started) * 1000))
    else:
        graded = grade_job(job, exercise, state()["pool"], client=client)
    report = graded.parsed()
    store: Store | None = state()["store"]
    if store is None:
        return Submitted(None, report, graded)
    try:
        store.add(Record(id=job.id, learner=learner(), exercise=exercise.slug, track=report.track, code=code,
                         verdict=str(report.verdict), passed=report.passed, total=report.total, report=graded.report,
                         judge_version=JUDGE_VERSION, grade_ms=graded.grade_ms, wait_ms=graded.wait_ms,
                         mistakes=tuple(report.mistakes)))
    except StoreError as exc:
        log.error("submission %s (%s) graded %s but not saved: %s", job.id, exercise.slug, report.verdict, exc)
        raise ApiError(503, wt("error_not_saved", request_lang()), headers={"Retry-After": "5"}) from None
    return Submitted(job.id, report, graded)


# --- the learner's history ---------------------------------------------------------------------------------------


def _store() -> Store | None:
    return state()["store"]  # type: ignore[no-any-return]


def _not_found(lang: str) -> ApiError:
    # One answer for every id that is not this learner's: missing, someone else's, malformed.
    return ApiError(404, wt("error_no_submission", lang))


@submissions.before_request
def _personal() -> None:
    """Every answer here is about the learner's own submissions (a 404 for someone else's id too)."""
    security.personal()


@submissions.get("/submissions")
def history() -> Response:
    lang = answer_lang()
    slug = request.args.get("exercise")
    if slug is not None:
        try:
            state()["catalog"].get(slug)
        except (UnknownExercise, ExerciseError):  # unknown, or broken and so not served
            raise ApiError(404, wt("error.unknown_exercise", lang, slug=slug)) from None
    store = _store()
    found = _read(lambda s: s.history(learner(), slug, HISTORY_LIMIT), store, lang) if store else []
    return jsonify({"lang": lang, "submissions": [
        {"id": s.id, "exercise": s.exercise, "track": s.track, "verdict": s.verdict,
         "verdict_label": t(f"verdict.{s.verdict}.label", lang), "passed": s.passed, "total": s.total,
         "created_at": s.created_at.isoformat()} for s in found]})


@submissions.get("/submissions/<submission_id>")
def submission(submission_id: str) -> Response:
    lang = answer_lang()
    store = _store()
    if store is None or not _SUBMISSION_ID.fullmatch(submission_id):
        raise _not_found(lang)
    found = _read(lambda s: s.get(submission_id, learner()), store, lang)
    if found is None:
        raise _not_found(lang)
    try:
        exercise = state()["catalog"].get(found.exercise)
    except (UnknownExercise, ExerciseError):  # since removed or broken: the record stays, the page cannot show it
        raise _not_found(lang) from None
    return jsonify({"id": found.id, "exercise": found.exercise, "track": found.track, "code": found.code,
                    "created_at": found.created_at.isoformat(),
                    # As a fresh answer shows it (but for the offer to switch track: that was for its run).
                    "report": reports.answer(exercise, Report.from_json(found.report), None, lang)})


@submissions.get("/progress")
def progress() -> Response:
    """{exercise: "solved" | "attempted"} for this learner: the course page's marks."""
    lang = answer_lang()
    store = _store()
    marks = _read(lambda s: s.progress(learner()), store, lang) if store else {}
    return jsonify({"exercises": marks})


def _read(query: Any, store: Store, lang: str) -> Any:
    try:
        return query(store)
    except StoreError as exc:
        log.error("reading submissions failed: %s", exc)
        raise ApiError(503, wt("error_store_unavailable", lang), headers={"Retry-After": "5"}) from None


def init_app(app: Flask) -> None:
    app.after_request(_set_cookie)
