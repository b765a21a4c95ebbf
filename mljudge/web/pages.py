"""The pages: catalogue, exercise (editor + results), lesson (interactive plot + tasks). Server-rendered;
each page's script reads its data from a JSON <script> block, so no inline script is ever needed."""

from __future__ import annotations

import logging
from typing import Any

from flask import Blueprint, Response, abort, g, make_response, render_template, request, url_for
from markupsafe import Markup

from mljudge.judge.errors import ExerciseError, UnknownExercise
from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import t
from mljudge.judge.lessons import load_lesson
from mljudge.web import course, lessons, state
from mljudge.web.i18n import COOKIE, page_strings, request_lang, supported_lang, wt

pages = Blueprint("pages", __name__)
log = logging.getLogger("mljudge.web")
COOKIE_MAX_AGE = 365 * 24 * 3600


def _exercise(slug: str) -> Exercise:
    try:
        return state()["catalog"].get(slug)  # type: ignore[no-any-return]
    except UnknownExercise:
        abort(404)
    except ExerciseError as exc:  # broken (a starter that does not compile, …): not served, its siblings are
        log.warning("exercise %r is not served: %s (`judge check %s` lists every problem)", slug, exc, slug)
        abort(404)


def _strings(lang: str) -> dict[str, str]:
    """The strings a page's script needs, and the report's "line {line}: " (the results panel finds the quoted
    source line in a message by it)."""
    return {**page_strings(lang), "at_line": t("report.at_line", lang)}


def _page(template: str, lang: str, **context: Any) -> Response:
    """Render in `lang` (see web.i18n's context processor: templates write `_("key")` for a web string) and
    remember an explicit, valid ?lang=."""
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
    title = course.course_title(source)
    return _page("catalog.html", lang, groups=course.grouped(source),
                 course_title=title[lang] if title else wt("catalog_title", lang))


def _completion(found: Exercise, lang: str) -> dict[str, Any]:
    """What the editor offers on Ctrl+Space besides the libraries' names (bundled with the editor): the
    exercise's function and parameters, and per track the modules it may import and the names it forbids
    (F.gelu is not offered in the GELU exercise)."""
    return {
        "function": found.function.name,
        "params": [p.name for p in found.function.params],
        "functionLabel": wt("completion_function", lang),
        "paramLabel": wt("completion_param", lang),
        "tracks": {name: {"imports": sorted(track.imports),
                          "forbidden": sorted({n for rule in found.forbidden_for(name) for n in rule.names})}
                   for name, track in found.tracks.items()},
    }


@pages.get("/exercises/<slug>")
def exercise(slug: str) -> Response:
    lang = request_lang()
    found = _exercise(slug)
    detail = course.detail(found, lang)
    lesson = load_lesson(found)
    module = next((m for m in course.modules(state()["catalog"]) if m["id"] == found.module), None)
    page = {
        "slug": found.slug,
        "lang": lang,
        "tracks": detail["tracks"],
        "starters": detail["starters"],
        "starters_any": course.starters_in_every_language(found),
        "submit_url": url_for("api.submit", slug=found.slug),
        "render_url": url_for("api.render_report"),
        "completion": _completion(found, lang),
        "strings": _strings(lang),
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
    content = lessons.payload(found, loaded, lang)
    page = {
        "slug": found.slug,
        "lang": lang,
        "plot": content["plot"],
        "panels": content["panels"],
        "panel_strings": lessons.panel_strings(lang, [p["kind"] for p in content["panels"]]),
        "panel_url": url_for("api.get_panel_state", slug=found.slug, panel_id="PANEL").replace("PANEL", "{panel}"),
        "tasks_url": url_for("api.answer_task", slug=found.slug, task_id="TASK").replace("TASK", "{task}"),
        "strings": _strings(lang),
    }
    return _page("lesson.html", lang, lesson=content, page=page, body=Markup(content["body"]["html"]),
                 questions=[Markup(t["question"]["html"]) for t in content["tasks"]])
