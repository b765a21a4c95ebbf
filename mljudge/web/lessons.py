"""The lesson's JSON: what GET /api/lessons/<slug> returns and the lesson page embeds (built once here, so both
always agree), a panel's other states (GET /api/lessons/<slug>/panels/<id>), and the panels' interface strings (the
`web.panel` tables of the string catalogue).

Everything drawn comes from trusted code on the server (judge.lessons): the plot's points and each panel's data.
The tasks travel without their answers, which stay on the server."""

from __future__ import annotations

from typing import Any

from mljudge.judge.exercise import Exercise
from mljudge.judge.i18n import LANGS, strings, t
from mljudge.judge.lessons import Lesson, Panel, Plot, panel_data, public_task, sample
from mljudge.judge.lessons.panels import resolve_state
from mljudge.web.i18n import PANELS
from mljudge.web.markdown import render_markdown

COMMON = "common"  # the strings every panel may use (play, reset, …), next to each kind's own table


def payload(exercise: Exercise, lesson: Lesson, lang: str) -> dict[str, Any]:
    """GET /api/lessons/<slug>: the text, the plot's points and the panels' data (from trusted reference code),
    and the tasks, without their answers."""
    body = lesson.body.get_in(lang)
    tasks = []
    for task in lesson.tasks:
        public = public_task(task, lang)
        public["question"] = {"markdown": public["question"], "html": render_markdown(public["question"])}
        tasks.append(public)
    return {
        "slug": exercise.slug,
        "lang": lang,
        "title": lesson.title.get_in(lang),
        "exercise": {"slug": exercise.slug, "title": exercise.title.get_in(lang)},
        "body": {"markdown": body, "html": render_markdown(body)},
        "plot": plot(exercise, lesson.plot, lang) if lesson.plot else None,
        "panels": [panel(exercise, lesson, p, lang) for p in lesson.panels],
        "tasks": tasks,
    }


def plot(exercise: Exercise, found: Plot, lang: str) -> dict[str, Any]:
    points = sample(exercise, found)
    return {"x": points["x"],
            "x_label": found.x_label.get_in(lang) if found.x_label else t("web.readout_x", lang),
            "y_scale": found.y_scale,
            "difference": found.shows_difference,
            "curves": [{"id": c["id"], "label": c["label"].get_in(lang), "role": c["role"], "values": c["values"]}
                       for c in points["curves"]]}


def panel(exercise: Exercise, lesson: Lesson, found: Panel, lang: str) -> dict[str, Any]:
    """One panel: its kind (the page's component), title, options, its sliders that ask the server
    (`params`, with their grids) and its data at their defaults."""
    return {
        "id": found.id,
        "kind": found.kind,
        "title": found.title.get_in(lang) if found.title else panel_strings(lang, [found.kind])[found.kind]["title"],
        "options": dict(found.options),
        "params": {name: grid.to_json() for name, grid in found.params.items()},
        "data": panel_data(exercise, lesson, found),
    }


def panel_state(exercise: Exercise, lesson: Lesson, found: Panel, asked: dict[str, str]) -> dict[str, Any]:
    """GET /api/lessons/<slug>/panels/<id>?name=value…: the panel's data in another state of its declared params.
    Raises judge.lessons.BadParam for a name it does not declare or a value off its grid."""
    values = resolve_state(found, asked)
    return {"id": found.id, "params": values, "data": panel_data(exercise, lesson, found, asked)}


# --- strings ------------------------------------------------------------------------------------------------------


def panel_strings(lang: str, kinds: list[str]) -> dict[str, dict[str, str]]:
    """The strings of the `kinds` on a page and the common ones, placeholders left as {name} for the scripts."""
    return {kind: strings(f"web.{PANELS}.{kind}", lang) for kind in [COMMON, *kinds]}


def kinds_with_strings() -> set[str]:
    return {key.partition(".")[0] for key in strings(f"web.{PANELS}", "en")} - {COMMON}


# --- the JSON's shape (web/openapi.py serves it; tests/web validate real answers against it) ----------------------

_RENDERED = {"$ref": "#/components/schemas/Rendered"}
_NUMBER_OR_GAP = {"type": ["number", "null"]}
_RANGE = {"type": "object", "description": "a slider's grid: min, min + step, …, max",
          "properties": {k: {"type": "number"} for k in ("min", "max", "step", "default")},
          "required": ["min", "max", "step", "default"], "additionalProperties": False}

_CHOICES = {"type": "object", "description": "one of a few values",
            "properties": {"choices": {"type": "array", "items": {"type": ["number", "string"]}, "minItems": 1},
                           "default": {"type": ["number", "string"]}},
            "required": ["choices", "default"], "additionalProperties": False}

PLOT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "x": {"type": "array", "items": {"type": "number"}, "minItems": 2},
        "x_label": {"type": "string", "description": "what the horizontal axis is (default \"x\")"},
        "y_scale": {"enum": ["linear", "log"], "description": "log: values ≤ 0 are drawn as gaps"},
        "difference": {"type": "boolean",
                       "description": "whether the readout shows the first value curve minus the second (false "
                                      "when there are fewer than two, or the lesson turns it off)"},
        "curves": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "properties": {"id": {"type": "string"}, "label": {"type": "string"},
                           "role": {"enum": ["value", "slope"]},
                           "values": {"type": "array", "items": _NUMBER_OR_GAP}},
            "required": ["id", "label", "role", "values"], "additionalProperties": False}},
    },
    "required": ["x", "x_label", "y_scale", "difference", "curves"], "additionalProperties": False,
}

PANEL_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "an interactive panel, drawn by the page's component for its kind from `data`",
    "properties": {
        "id": {"type": "string"},
        "kind": {"type": "string", "description": "which component draws it (judge/lessons/panels.py: PANEL_KINDS)"},
        "title": {"type": "string"},
        "options": {"type": "object", "description": "the kind's own settings, as lesson.toml gives them"},
        "params": {"type": "object", "additionalProperties": {"oneOf": [_RANGE, _CHOICES]},
                   "description": "sliders and choices whose other values GET /api/lessons/{slug}/panels/{id} "
                                  "computes"},
        "data": {"type": "object", "description": "the JSON of the panel's trusted data function, at the "
                                                  "params' defaults"},
    },
    "required": ["id", "kind", "title", "options", "params", "data"], "additionalProperties": False,
}

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "slug": {"type": "string"}, "lang": {"enum": list(LANGS)}, "title": {"type": "string"},
        "exercise": {"type": "object", "properties": {"slug": {"type": "string"}, "title": {"type": "string"}},
                     "required": ["slug", "title"], "additionalProperties": False},
        "body": _RENDERED,
        "plot": {"oneOf": [{"type": "null"}, PLOT_SCHEMA], "description": "null: the lesson has panels only"},
        "panels": {"type": "array", "items": PANEL_SCHEMA},
        "tasks": {"type": "array", "items": {
            "type": "object", "description": "a task without its answers (those stay on the server)",
            "properties": {
                "id": {"type": "string"}, "question": _RENDERED,
                "answers": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "properties": {"id": {"type": "string"}, "label": {"type": "string"}},
                    "required": ["id", "label"], "additionalProperties": False}},
            },
            "required": ["id", "question", "answers"], "additionalProperties": False}},
    },
    "required": ["slug", "lang", "title", "exercise", "body", "plot", "panels", "tasks"],
    "additionalProperties": False,
}

PANEL_STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"id": {"type": "string"},
                   "params": {"type": "object", "additionalProperties": {"type": ["number", "string"]},
                              "description": "the values computed for, each on its grid or among its choices"},
                   "data": {"type": "object"}},
    "required": ["id", "params", "data"], "additionalProperties": False,
}
