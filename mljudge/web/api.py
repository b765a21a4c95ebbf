"""/api: JSON over the same `grade()` the CLI uses. Documented in web/openapi.py (served at /api/openapi.json)."""

from __future__ import annotations

import logging
import math
import time

from flask import Blueprint, Response, current_app, jsonify, request

from mljudge.judge.errors import ExerciseError, UnknownExercise, UnknownTrack
from mljudge.judge.exercise import Exercise
from mljudge.judge.lessons import BadParam, Lesson, UnknownAnswer, load_lesson, mark_task
from mljudge.sandbox import Busy, ClientBusy
from mljudge.web import client_address, course, lessons, reports, security, state, submissions
from mljudge.web.errors import ApiError
from mljudge.web.i18n import wt
from mljudge.web.inputs import BadQuery, answer_lang, body_lang, json_body, single_values
from mljudge.web.markdown import render_markdown
from mljudge.web.openapi import document

api = Blueprint("api", __name__)
log = logging.getLogger("mljudge.web")


def _exercise(slug: str, lang: str) -> Exercise:
    try:
        return state()["catalog"].get(slug)  # type: ignore[no-any-return]
    except UnknownExercise:
        raise ApiError(404, wt("error.unknown_exercise", lang, slug=slug)) from None
    except ExerciseError as exc:  # broken (a starter that does not compile, …): not served, its siblings are
        log.warning("exercise %r is not served: %s (`judge check %s` lists every problem)", slug, exc, slug)
        raise ApiError(404, wt("error.unknown_exercise", lang, slug=slug)) from None


def _lesson(slug: str, lang: str) -> tuple[Exercise, Lesson]:
    exercise = _exercise(slug, lang)
    lesson = load_lesson(exercise)
    if lesson is None:
        raise ApiError(404, wt("error.no_lesson", lang, slug=slug))
    return exercise, lesson


@api.get("/exercises")
def list_exercises() -> Response:
    catalog = state()["catalog"]
    return jsonify({"modules": course.modules(catalog),
                    "exercises": [course.summary(e) for e in course.loadable_exercises(catalog)]})


@api.get("/exercises/<slug>")
def get_exercise(slug: str) -> Response:
    lang = answer_lang()
    return jsonify(course.detail(_exercise(slug, lang), lang))


@api.post("/exercises/<slug>/submissions")
def submit(slug: str) -> Response:
    security.personal()  # the learner's own submission (and its id in their history)
    lang = answer_lang()
    exercise = _exercise(slug, lang)
    body = json_body(lang)
    lang = body_lang(body)

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
        # The sandboxes' fair queue admits this client's submission or refuses it at once (sandbox.fairness);
        # code refused by the policy check never reaches it, so it is never a 503.
        submitted = submissions.judge(exercise, code, track, client=client_address())  # graded and recorded
    except ClientBusy as busy:
        raise ApiError(429, wt("error.too_many_pending", lang), error="too_many_pending",
                       headers={"Retry-After": str(math.ceil(busy.retry_after))}) from None
    except Busy as busy:
        raise ApiError(503, wt("error.busy", lang), headers={"Retry-After": str(math.ceil(busy.retry_after))}) from None
    except UnknownTrack:
        raise ApiError(422, wt("error.unknown_track", lang, track=str(track),
                               tracks=", ".join(exercise.tracks))) from None
    report = submitted.report
    result = reports.answer(exercise, report, code, lang)
    if submitted.id is not None:  # recorded (an app made without a store records nothing)
        result["submission_id"] = submitted.id
    log.info("graded %s/%s: %s in %.0f ms", exercise.slug, report.track, report.verdict,
             (time.perf_counter() - started) * 1000)
    return jsonify(result)


@api.post("/reports/render")
def render_report() -> Response:
    """A report this server issued (an answer's `neutral`, a signed token), said again in another language: the
    page switches language without grading again. `code`, when given, is the submission's (for the offer to switch
    track). Anything but a token this server signed is a 400, before any of it is read."""
    security.personal()
    lang = answer_lang()
    body = json_body(lang)
    lang = body_lang(body)
    code = body.get("code")
    try:
        report = reports.parse(body.get("report"))
    except reports.BadReport:
        raise ApiError(400, wt("error.bad_report", lang)) from None
    exercise = _exercise(report.exercise, lang)
    if report.track not in exercise.tracks:
        raise ApiError(400, wt("error.bad_report", lang))
    if not isinstance(code, str) or len(code) > int(current_app.config["MAX_CODE_BYTES"]):
        code = None  # no offer to switch track: nothing else depends on it
    return jsonify(reports.answer(exercise, report, code, lang))


@api.get("/lessons/<slug>")
def get_lesson(slug: str) -> Response:
    lang = answer_lang()
    exercise, found = _lesson(slug, lang)
    return jsonify(lessons.payload(exercise, found, lang))


@api.get("/lessons/<slug>/panels/<panel_id>")
def get_panel_state(slug: str, panel_id: str) -> Response:
    """A panel's data in another state of its declared params (?lr=0.1&momentum=0.5), each on its slider's grid."""
    lang = answer_lang()
    exercise, found = _lesson(slug, lang)
    target = found.panel(panel_id)
    if target is None:
        raise ApiError(404, wt("panel_unknown", lang, panel=panel_id))
    try:
        asked = single_values(request.args, ignore=("lang",))
        return jsonify(lessons.panel_state(exercise, found, target, asked))
    except (BadParam, BadQuery) as exc:
        raise ApiError(400, wt("panel_bad_param", lang, detail=str(exc))) from None


@api.post("/lessons/<slug>/tasks/<task_id>")
def answer_task(slug: str, task_id: str) -> Response:
    lang = answer_lang()
    _, found = _lesson(slug, lang)
    task = found.task(task_id)
    if task is None:
        raise ApiError(404, wt("error.unknown_task", lang, task=task_id))
    body = json_body(lang)
    lang = body_lang(body)
    answers = body.get("answers")
    if not isinstance(answers, dict):
        raise ApiError(400, wt("error.missing_answers", lang))
    try:
        result = mark_task(task, answers)
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
        "explanation": {"markdown": explanation, "html": render_markdown(explanation)} if explanation else None,
    })


@api.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document())
