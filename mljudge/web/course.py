"""The course as JSON: its modules, each exercise's summary and detail (prompt, starters, limits, cases), as the
API returns them and the pages embed them, built once here so both always agree."""

from __future__ import annotations

import logging
from typing import Any

from mljudge.judge import values
from mljudge.judge.catalog import Catalog
from mljudge.judge.errors import ExerciseError
from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import LANGS, Text
from mljudge.web.markdown import render_markdown

log = logging.getLogger("mljudge.web")
_reported: set[str] = set()


def _texts(raw: Any) -> dict[str, str]:
    """A course.toml text (`title.en = ...`) or a Text, as {lang: text} for every language."""
    raw = raw if isinstance(raw, dict) else {"en": str(raw or "")}
    text = Text({str(k): str(v) for k, v in raw.items()})
    return {lang: text.get_in(lang) for lang in LANGS}


def modules(catalog: Catalog) -> list[dict[str, Any]]:
    """The course's modules, in order."""
    return [{"id": m.id, "number": m.number, "title": _texts(m.title), "intro": _texts(m.intro)}
            for m in catalog.modules()]


def course_title(catalog: Catalog) -> dict[str, str] | None:
    title = catalog.course_title()
    return _texts(title) if title else None


def loadable_exercises(catalog: Catalog) -> list[Exercise]:
    """Every exercise that loads, in course order. A folder an author is still writing (no expected.json yet, a
    typo in a TOML file) is left out with a warning rather than taking the whole catalogue down;
    `judge check` is where its author sees why."""
    def report(slug: str, exc: ExerciseError) -> None:
        if str(exc) not in _reported:  # once per distinct problem, not on every page view
            _reported.add(str(exc))
            log.warning("exercise %s is left out: %s", slug, exc)

    return catalog.all(on_error=report)


def summary(exercise: Exercise) -> dict[str, Any]:
    return {
        "slug": exercise.slug,
        "title": _texts(exercise.title),
        "summary": _texts(exercise.summary),
        "module": exercise.module,
        "order": exercise.order,
        "tracks": list(exercise.tracks),
        "lesson": exercise.lesson is not None,
    }


def grouped(catalog: Catalog) -> list[dict[str, Any]]:
    """Modules in course order, each with its exercises in order; exercises of an unknown module last."""
    loaded = loadable_exercises(catalog)
    out = [{**module, "exercises": [e for e in loaded if e.module == module["id"]]} for module in modules(catalog)]
    known = {m["id"] for m in out}
    strays = [e for e in loaded if e.module not in known]
    if strays:
        out.append({"id": "", "number": None, "title": None, "intro": None, "exercises": strays})
    return out


def starters_in_every_language(exercise: Exercise) -> dict[str, list[str]]:
    """Each track's starter in every language. The editor counts any of them as untouched, so a learner who
    switches language before writing anything gets the starter in the new one (web/static/js/exercise.js)."""
    return {name: [track.starter.get_in(lang) for lang in LANGS] for name, track in exercise.tracks.items()}


def detail(exercise: Exercise, lang: str) -> dict[str, Any]:
    """GET /api/exercises/<slug>: everything a client needs to show and start the exercise."""
    prompt = exercise.prompt.get_in(lang)
    limits = exercise.limits
    return {
        "slug": exercise.slug,
        "lang": lang,
        "title": exercise.title.get_in(lang),
        "summary": exercise.summary.get_in(lang),
        "module": exercise.module,
        "order": exercise.order,
        "function": {
            "name": exercise.function.name,
            "signature": exercise.function.signature,
            "params": [{"name": p.name, "kind": p.kind, "required": p.required} for p in exercise.function.params],
            "elementwise": exercise.function.elementwise,
        },
        "prompt": {"markdown": prompt, "html": render_markdown(prompt)},
        "tracks": list(exercise.tracks),
        "starters": {name: track.starter.get_in(lang) for name, track in exercise.tracks.items()},
        "cases": [{"id": c.id, "kind": c.kind.get_in(lang),
                   "input": {k: values.display(v) for k, v in c.args.items()},
                   "expected": values.display(exercise.expected[c.id]) if c.id in exercise.expected else None}
                  for c in exercise.cases if c.visible],
        "hidden_cases": [{"kind": c.kind.get_in(lang)} for c in exercise.cases if not c.visible],
        "hint_count": len(exercise.hints),
        "limits": {"wall_seconds": limits.wall_seconds, "cpu_seconds": limits.cpu_seconds,
                   "memory_mb": limits.memory_mb, "output_kb": limits.output_kb},
        "plot": ({"x": list(exercise.plot_grid)} if exercise.plot_grid and exercise.function.elementwise
                 else None),
        "lesson": exercise.lesson is not None,
    }

