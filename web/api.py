"""/api: JSON over the same `grade()` the CLI uses. Documented in web/openapi.py (served at /api/openapi.json)."""

from __future__ import annotations

import logging
import time
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from judge.errors import UnknownExercise, UnknownTrack
from judge.exercise import Exercise
from judge.grade import grade
from judge.lesson import Lesson, UnknownAnswer, check_task, load_lesson, reference_curve
from sandbox.pool import Busy
from web import data, state
from web.errors import ApiError
from web.i18n import request_lang, wt
from web.markdown import render
from web.openapi import document

api = Blueprint("api", __name__)
log = logging.getLogger("mljudge.web")


def _exercise(slug: str, lang: str) -> Exercise:
    try:
        return state()["catalog"].get(slug)  # type: ignore[no-any-return]
    except UnknownExercise:
        raise ApiError(404, wt("error.unknown_exercise", lang, slug=slug)) from None


def _lesson(slug: str, lang: str) -> tuple[Exercise, Lesson]:
    exercise = _exercise(slug, lang)
    lesson = load_lesson(exercise)
    if lesson is None:
        raise ApiError(404, wt("error.no_lesson", lang, slug=slug))
    return exercise, lesson


def _json_body(lang: str) -> dict[str, Any]:
    """The request's JSON object. Requiring the JSON content type also means a cross-site page cannot post here
    without a CORS preflight, which this API never grants."""
    if not request.is_json:
        raise ApiError(400, wt("error.not_json", lang))
    body = request.get_json(silent=True)  # a body over MAX_CONTENT_LENGTH still raises 413 here
    if not isinstance(body, dict):
        raise ApiError(400, wt("error.bad_json", lang))
    return body


def _body_lang(body: dict[str, Any]) -> str:
    lang = body.get("lang")
    return request_lang(lang if isinstance(lang, str) else None)


@api.get("/exercises")
def exercises() -> Response:
    catalog = state()["catalog"]
    return jsonify({"modules": data.modules(catalog), "exercises": [data.summary(e) for e in data.exercises(catalog)]})


@api.get("/exercises/<slug>")
def exercise(slug: str) -> Response:
    lang = request_lang()
    return jsonify(data.detail(_exercise(slug, lang), lang))


@api.post("/exercises/<slug>/submissions")
def submit(slug: str) -> Response:
    lang = request_lang()
    exercise = _exercise(slug, lang)
    body = _json_body(lang)
    lang = _body_lang(body)

    code = body.get("code")
    if not isinstance(code, str):
        raise ApiError(400, wt("error.missing_code", lang))
    try:
        size = len(code.encode("utf-8"))
    except UnicodeEncodeError:  # lone surrogates from "\ud800" escapes: not text a file could hold
        raise ApiError(400, wt("error.bad_code", lang)) from None
    limit = int(current_app.config["MAX_CODE_BYTES"])
    if size > limit:
        raise ApiError(413, wt("error.code_too_large", lang, size=size, limit=limit))

    track = body.get("track")
    if track is not None and (not isinstance(track, str) or track not in exercise.tracks):
        raise ApiError(422, wt("error.unknown_track", lang, track=str(track), tracks=", ".join(exercise.tracks)))

    started = time.perf_counter()
    try:
        with state()["gate"].admit():
            report = grade(exercise, code, track, lang=lang, plot=True, pool=state()["pool"])
    except Busy:
        retry = str(current_app.config["RETRY_AFTER_SECONDS"])
        raise ApiError(503, wt("error.busy", lang), headers={"Retry-After": retry}) from None
    except UnknownTrack:
        raise ApiError(422, wt("error.unknown_track", lang, track=str(track),
                               tracks=", ".join(exercise.tracks))) from None
    result = report.to_dict()
    if result.get("plot") is not None:
        # The right curve on the same grid, computed here from trusted reference code, never in the sandbox.
        result["plot"]["reference"] = reference_curve(exercise)
    log.info("graded %s/%s: %s in %.0f ms", exercise.slug, report.track, report.verdict,
             (time.perf_counter() - started) * 1000)
    return jsonify(result)


@api.get("/lessons/<slug>")
def lesson(slug: str) -> Response:
    lang = request_lang()
    exercise, found = _lesson(slug, lang)
    return jsonify(data.lesson(exercise, found, lang))


@api.post("/lessons/<slug>/tasks/<task_id>")
def check(slug: str, task_id: str) -> Response:
    lang = request_lang()
    _, found = _lesson(slug, lang)
    task = found.task(task_id)
    if task is None:
        raise ApiError(404, wt("error.unknown_task", lang, task=task_id))
    body = _json_body(lang)
    lang = _body_lang(body)
    answers = body.get("answers")
    if not isinstance(answers, dict):
        raise ApiError(400, wt("error.missing_answers", lang))
    try:
        result = check_task(task, answers)
    except UnknownAnswer as exc:
        raise ApiError(422, wt("error.unknown_answer", lang, answer=exc.answer,
                               answers=", ".join(a.id for a in task.answers))) from None
    if result.correct:
        message = wt("task_right", lang)
    elif result.missing:
        message = wt("task_missing", lang)
    else:
        wrong = [a.label.get_in(lang) for a in task.answers if not result.answers[a.id].correct]
        message = wt("task_wrong", lang, answers=", ".join(wrong))
    explanation = task.explanation.get_in(lang) if result.correct else None
    return jsonify({
        "task": task.id,
        "correct": result.correct,
        "answers": {k: {"correct": v.correct, "missing": v.missing} for k, v in result.answers.items()},
        "message": message,
        "explanation": {"markdown": explanation, "html": render(explanation)} if explanation else None,
    })


@api.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())
