"""The pages: catalogue, exercise (editor + results), lesson (interactive plot + tasks). Server-rendered;
each page's script reads its data from a JSON <script> block, so no inline script is ever needed."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, abort, g, make_response, render_template, request, url_for
from markupsafe import Markup

from judge.errors import UnknownExercise
from judge.exercise import Exercise
from judge.lesson import load_lesson
from web import data, state
from web.i18n import COOKIE, js_strings, request_lang, supported_lang, wt

pages = Blueprint("pages", __name__)
COOKIE_MAX_AGE = 365 * 24 * 3600


def _exercise(slug: str) -> Exercise:
    try:
        return state()["catalog"].get(slug)  # type: ignore[no-any-return]
    except UnknownExercise:
        abort(404)


def _page(template: str, lang: str, **context: Any) -> Response:
    """Render in `lang` (see web.i18n's context processor) and remember an explicit, valid ?lang=."""
    g.lang = lang
    response = make_response(render_template(template, **context))
    if supported_lang(request.args.get("lang")) == lang:
        response.set_cookie(COOKIE, lang, max_age=COOKIE_MAX_AGE, samesite="Lax", httponly=True)
    response.headers["Content-Language"] = lang
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


@pages.get("/")
def catalog() -> Response:
    lang = request_lang()
    source = state()["catalog"]
    title = data.course_title(source)
    return _page("catalog.html", lang, groups=data.grouped(source),
                 course_title=title[lang] if title else wt("catalog_title", lang))


@pages.get("/exercises/<slug>")
def exercise(slug: str) -> Response:
    lang = request_lang()
    found = _exercise(slug)
    detail = data.detail(found, lang)
    lesson = load_lesson(found)
    module = next((m for m in data.modules(state()["catalog"]) if m["id"] == found.module), None)
    page = {
        "slug": found.slug,
        "lang": lang,
        "tracks": detail["tracks"],
        "starters": detail["starters"],
        "submit_url": url_for("api.submit", slug=found.slug),
        "strings": js_strings(lang),
    }
    return _page("exercise.html", lang, exercise=detail, page=page, prompt=Markup(detail["prompt"]["html"]),
                 lesson_title=lesson.title.get_in(lang) if lesson else None, module=module)


@pages.get("/lessons/<slug>")
def lesson(slug: str) -> Response:
    lang = request_lang()
    found = _exercise(slug)
    loaded = load_lesson(found)
    if loaded is None:
        abort(404)
    content = data.lesson(found, loaded, lang)
    page = {
        "slug": found.slug,
        "lang": lang,
        "plot": content["plot"],
        "tasks_url": url_for("api.check", slug=found.slug, task_id="TASK").replace("TASK", "{task}"),
        "strings": js_strings(lang),
    }
    return _page("lesson.html", lang, lesson=content, page=page, body=Markup(content["body"]["html"]),
                 questions=[Markup(t["question"]["html"]) for t in content["tasks"]])
