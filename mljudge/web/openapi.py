"""The API's OpenAPI 3.1 document. Its schemas are JSON Schema 2020-12; tests validate real responses against
them, so a change to the report or an endpoint that is not documented here fails the build."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from mljudge.judge.exercise import PARAM_KINDS, TRACKS
from mljudge.judge.i18n import LANGS
from mljudge.judge.localise import Localised
from mljudge.judge.report import CASE_STATUSES, REPORT_VERSION, VERDICTS, HintKind, Tone
from mljudge.web import lessons
from mljudge.web.inputs import MAX_JSON_DEPTH

# What the web adds to a report (web.reports.answer): the right curve is inside `plot`.
WEB_FIELDS = ("neutral", "switch_track")


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response = _json(_ref("Error"), description)
    if headers:
        response["headers"] = headers
    return response


RETRY_AFTER = {"Retry-After": {"description": "seconds to wait before trying again",
                               "schema": {"type": "string", "pattern": "^[0-9]+$"}}}
TEXTS = {"type": "object", "description": "one text per language",
         "properties": {lang: {"type": "string"} for lang in LANGS}, "required": list(LANGS),
         "additionalProperties": False}
NUMBER_OR_GAP = {"type": ["number", "null"]}
# values.display: numbers rounded to 6 decimals, NaN/inf as strings, nested lists for arrays
DISPLAY_NUMBER = {"type": ["number", "string"]}
RENDERED = {"type": "object", "properties": {"markdown": {"type": "string"}, "html": {"type": "string"}},
            "required": ["markdown", "html"], "additionalProperties": False}

SCHEMAS: dict[str, Any] = {
    "Error": {
        "type": "object",
        "properties": {"error": {"type": "string", "description": "stable code, e.g. not_found, busy"},
                       "detail": {"type": "string", "description": "a sentence for people, in the asked language"}},
        "required": ["error", "detail"],
        "additionalProperties": False,
    },
    "Texts": TEXTS,
    "Rendered": RENDERED,
    "Module": {
        "type": "object",
        "properties": {"id": {"type": "string"}, "number": {"type": ["integer", "null"]},
                       "title": _ref("Texts"), "intro": _ref("Texts")},
        "required": ["id", "number", "title", "intro"],
        "additionalProperties": False,
    },
    "ExerciseSummary": {
        "type": "object",
        "properties": {
            "slug": {"type": "string"}, "title": _ref("Texts"), "summary": _ref("Texts"),
            "module": {"type": "string"}, "order": {"type": "integer"},
            "tracks": {"type": "array", "items": {"enum": list(TRACKS)}},
            "lesson": {"type": "boolean", "description": "whether /lessons/{slug} exists"},
        },
        "required": ["slug", "title", "summary", "module", "order", "tracks", "lesson"],
        "additionalProperties": False,
    },
    "ExerciseList": {
        "type": "object",
        "properties": {"modules": {"type": "array", "items": _ref("Module")},
                       "exercises": {"type": "array", "items": _ref("ExerciseSummary")}},
        "required": ["modules", "exercises"],
        "additionalProperties": False,
    },
    "ExerciseDetail": {
        "type": "object",
        "properties": {
            "slug": {"type": "string"}, "lang": {"enum": list(LANGS)}, "title": {"type": "string"},
            "summary": {"type": "string"}, "module": {"type": "string"}, "order": {"type": "integer"},
            "function": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"}, "signature": {"type": "string"},
                    "params": {"type": "array", "items": {
                        "type": "object",
                        "properties": {"name": {"type": "string"}, "kind": {"enum": list(PARAM_KINDS)},
                                       "required": {"type": "boolean"}},
                        "required": ["name", "kind", "required"], "additionalProperties": False}},
                    "elementwise": {"type": "boolean"},
                },
                "required": ["name", "signature", "params", "elementwise"],
                "additionalProperties": False,
            },
            "prompt": _ref("Rendered"),
            "tracks": {"type": "array", "items": {"enum": list(TRACKS)}, "minItems": 1},
            "starters": {"type": "object", "description": "starter code per track, its comments and docstring in "
                                                          "`lang` (the code is the same in every language)",
                         "additionalProperties": {"type": "string"}},
            "cases": {"type": "array", "description": "the visible cases, in full", "items": {
                "type": "object",
                "properties": {"id": {"type": "string"}, "kind": {"type": "string"}, "input": {"type": "object"},
                               "expected": {}},
                "required": ["id", "kind", "input", "expected"], "additionalProperties": False}},
            "hidden_cases": {"type": "array", "description": "hidden cases: their kind only", "items": {
                "type": "object", "properties": {"kind": {"type": "string"}}, "required": ["kind"],
                "additionalProperties": False}},
            "hint_count": {"type": "integer", "minimum": 0},
            "limits": {
                "type": "object",
                "properties": {"wall_seconds": {"type": "number"}, "cpu_seconds": {"type": "number"},
                               "memory_mb": {"type": "integer"}, "output_kb": {"type": "integer"}},
                "required": ["wall_seconds", "cpu_seconds", "memory_mb", "output_kb"],
                "additionalProperties": False,
            },
            "plot": {"oneOf": [{"type": "null"}, {
                "type": "object", "description": "grid [start, stop, points] of the learner's curve",
                "properties": {"x": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"},
                                                                      {"type": "integer"}],
                                     "minItems": 3, "maxItems": 3}},
                "required": ["x"], "additionalProperties": False}]},
            "lesson": {"type": "boolean"},
        },
        "required": ["slug", "lang", "title", "summary", "module", "order", "function", "prompt", "tracks",
                     "starters", "cases", "hidden_cases", "hint_count", "limits", "plot", "lesson"],
        "additionalProperties": False,
    },
    "Submission": {
        "type": "object",
        "properties": {
            "code": {"type": "string", "description": "the solution file, at most 64 KiB of UTF-8"},
            "track": {"enum": list(TRACKS), "description": "default: detected from the imports"},
            "lang": {"enum": list(LANGS), "description": "language of the report (default: ?lang=, the lang "
                                                        "cookie, then Accept-Language); any other is a 422"},
        },
        "required": ["code"],
    },
    "CaseReport": {
        "type": "object",
        "description": "one graded case; hidden cases carry their kind and status only",
        "properties": {
            "id": {"type": "string"}, "kind": {"type": "string"}, "visible": {"type": "boolean"},
            "status": {"enum": list(CASE_STATUSES)}, "message": {"type": "string"},
            "input": {"type": ["object", "null"]}, "expected": {}, "got": {},
            "max_abs_error": {"type": ["number", "null"]},
            "first_diff_index": {"type": ["array", "null"], "items": {"type": "integer"}},
            "diff_indices": {"type": ["array", "null"], "items": {"type": "integer"},
                             "description": "flat (row-major) indices of the entries that differ"},
            "ms": {"type": ["number", "null"]},
            "error_type": {"type": ["string", "null"],
                           "description": "a visible case's exception type (NameError, …); null otherwise"},
        },
        "required": ["id", "kind", "visible", "status", "message", "input", "expected", "got", "max_abs_error",
                     "first_diff_index", "diff_indices", "ms", "error_type"],
        "additionalProperties": False,
    },
    "SourceIssue": {
        "type": "object",
        "properties": {"line": {"type": "integer", "minimum": 0}, "col": {"type": "integer", "minimum": 0},
                       "message": {"type": "string"}, "code": {"type": "string"}},
        "required": ["line", "col", "message", "code"],
        "additionalProperties": False,
    },
    "Report": {
        "type": "object",
        "description": "exactly `judge run --json`, plus plot.reference (the right curve on the same grid) and "
                       "switch_track",
        "properties": {
            "exercise": {"type": "string"}, "track": {"enum": list(TRACKS)}, "lang": {"enum": list(LANGS)},
            "verdict": {"enum": list(VERDICTS)}, "verdict_label": {"type": "string"},
            "tone": {"enum": [str(tone) for tone in Tone],
                     "description": "how to show the verdict (good, bad, caution, the judge's own fault)"},
            "message": {"type": "string"},
            "passed": {"type": "integer", "minimum": 0}, "total": {"type": "integer", "minimum": 0},
            "cases": {"type": "array", "items": _ref("CaseReport")},
            "hints": {"type": "array", "items": {"type": "string"},
                      "description": "the `targeted` hints about this submission (its mistake, its refusal) first, "
                                     "then the exercise's escalating ones"},
            "hint_kinds": {"type": "array", "items": {"enum": [str(kind) for kind in HintKind]},
                           "description": "what each hint is about: a recognised mistake, an idiom the code uses, a "
                                          "refusal's explanation (show these at once), or a rung of the ladder"},
            "targeted": {"type": "integer", "minimum": 0},
            "leads": {"type": ["string", "null"],
                      "description": "the id of the visible case whose failure the message leads with"},
            "hints_withheld": {"type": "integer", "minimum": 0,
                               "description": "further hints held back (`judge run --hints N`); 0 in the API"},
            "mistakes": {"type": "array", "items": {"type": "string"}},
            "issues": {"type": "array", "items": _ref("SourceIssue")},
            "stdout": {"type": "string"}, "stdout_truncated": {"type": "boolean"},
            "notes": {"type": "array", "items": {"type": "string"}},
            "stats": {"type": "object", "additionalProperties": {"type": "number"}},
            "plot": {"oneOf": [{"type": "null"}, {
                "type": "object",
                "properties": {
                    "x": {"type": "array", "items": {"type": "number"}},
                    "learner": {"type": ["array", "null"], "items": DISPLAY_NUMBER,
                                "description": "null when the function gave no usable array on the grid"},
                    "reference": {"type": ["array", "null"], "items": NUMBER_OR_GAP},
                },
                "required": ["x", "learner", "reference"], "additionalProperties": False}]},
            "version": {"const": REPORT_VERSION},
            "neutral": _ref("NeutralReport"),
            "submission_id": {"type": "string", "pattern": "^[0-9a-f]{32}$",
                              "description": "the submission's id in the learner's history (GET "
                                             "/api/submissions/{submission_id}); in answers of POST, whenever the "
                                             "server records submissions (`judge serve` always does)"},
            "switch_track": {"oneOf": [{"type": "null"}, {
                "type": "object",
                "description": "the code belongs to another track of this exercise (PyTorch code in the NumPy "
                               "track, refused for importing torch): the track to switch to, and what to tell "
                               "the learner instead of only \"Forbidden\"",
                "properties": {"track": {"enum": list(TRACKS)},
                               "message": {"type": "string", "description": "e.g. \"This looks like PyTorch "
                                                                            "code — switch to the PyTorch track\""},
                               "detail": {"type": "string"}},
                "required": ["track", "message", "detail"], "additionalProperties": False}]},
        },
        # Derived from the report's own shape (judge.localise.Localised) and what the web adds to it: one source.
        "required": [*(f.name for f in fields(Localised)), *WEB_FIELDS],
        "additionalProperties": False,
    },
    "NeutralReport": {
        "type": "string",
        "pattern": "^[A-Za-z0-9_.-]+$",
        "description": "the same report in no language, as an opaque token the server signed (HMAC): keep it as it "
                       "is and send it to /api/reports/render to see the report in another language. Only tokens "
                       "this server issued are rendered (signing keys: JUDGE_DATA_DIR, docs/deploy.md).",
    },
    "RenderRequest": {
        "type": "object",
        "properties": {
            "report": _ref("NeutralReport"),
            "lang": {"enum": list(LANGS)},
            "code": {"type": "string", "description": "the submission, for the offer to switch track (optional)"},
        },
        "required": ["report"],
    },
    "Lesson": lessons.SCHEMA,  # the lesson payload documents its own shape, beside the code that builds it
    "PanelState": lessons.PANEL_STATE_SCHEMA,
    "TaskAnswers": {
        "type": "object",
        "properties": {
            "answers": {"type": "object", "description": "answer id → a number, or a string such as \"−0,75\"",
                        "additionalProperties": {"type": ["number", "string", "null"]}},
            "lang": {"enum": list(LANGS)},
        },
        "required": ["answers"],
    },
    "TaskResult": {
        "type": "object",
        "properties": {
            "task": {"type": "string"}, "correct": {"type": "boolean"},
            "answers": {"type": "object", "additionalProperties": {
                "type": "object", "properties": {"correct": {"type": "boolean"}, "missing": {"type": "boolean"}},
                "required": ["correct", "missing"], "additionalProperties": False}},
            "message": {"type": "string"},
            "explanation": {"oneOf": [{"type": "null"}, _ref("Rendered")],
                            "description": "shown once the answers are right"},
        },
        "required": ["task", "correct", "answers", "message", "explanation"],
        "additionalProperties": False,
    },
}

# Submissions (web/submissions.py): a learner's own, by their cookie.
SUBMISSION_ID = {"type": "string", "pattern": "^[0-9a-f]{32}$", "description": "unguessable (122 random bits)"}
SCHEMAS.update({
    "SubmissionSummary": {
        "type": "object",
        "properties": {"id": SUBMISSION_ID, "exercise": {"type": "string"}, "track": {"enum": list(TRACKS)},
                       "verdict": {"enum": list(VERDICTS)}, "verdict_label": {"type": "string"},
            "tone": {"enum": [str(tone) for tone in Tone],
                     "description": "how to show the verdict (good, bad, caution, the judge's own fault)"},
                       "passed": {"type": "integer", "minimum": 0}, "total": {"type": "integer", "minimum": 0},
                       "created_at": {"type": "string", "format": "date-time"}},
        "required": ["id", "exercise", "track", "verdict", "verdict_label", "passed", "total", "created_at"],
        "additionalProperties": False,
    },
    "SubmissionList": {
        "type": "object",
        "properties": {"lang": {"enum": list(LANGS)},
                       "submissions": {"type": "array", "items": _ref("SubmissionSummary"),
                                       "description": "newest first, at most 100"}},
        "required": ["lang", "submissions"], "additionalProperties": False,
    },
    "StoredSubmission": {
        "type": "object",
        "properties": {"id": SUBMISSION_ID, "exercise": {"type": "string"}, "track": {"enum": list(TRACKS)},
                       "code": {"type": "string"}, "created_at": {"type": "string", "format": "date-time"},
                       "report": _ref("Report")},
        "required": ["id", "exercise", "track", "code", "created_at", "report"], "additionalProperties": False,
    },
    "Progress": {
        "type": "object",
        "properties": {"exercises": {"type": "object", "description": "slug → solved or attempted (exercises "
                                                                      "never submitted to are absent)",
                                     "additionalProperties": {"enum": ["solved", "attempted"]}}},
        "required": ["exercises"], "additionalProperties": False,
    },
})
SCHEMAS.update({
    "LinkRequest": {
        "type": "object",
        "properties": {"exercise": {"type": "string", "description": "open that exercise's page (default: the "
                                                                    "course's)"},
                       "lang": {"enum": list(LANGS)}},
    },
    "Link": {
        "type": "object",
        "properties": {
            "path": {"type": "string", "pattern": "^/learner/link#[A-Za-z0-9_.-]+$",
                     "description": "to join to the server's address; the part after # (never sent to a server) "
                                    "is the signed link"},
            "expires_in": {"type": "integer", "minimum": 1, "description": "seconds it can be used for, once"},
        },
        "required": ["path", "expires_in"], "additionalProperties": False,
    },
})
LEARNER = ("Whose: the learner token in the mlj_learner cookie (HttpOnly), which the server signs and sets on the "
           "first answer that lacks a valid one; any value it did not issue is replaced by a new learner's token. "
           "Only the token that made a submission reads it. The answer is Cache-Control: private, no-store.")
STORE_DOWN = _error("the record cannot be read right now", RETRY_AFTER)


LANG_PARAM = {"name": "lang", "in": "query", "required": False, "schema": {"enum": list(LANGS)},
              "description": "language of the texts (default: the lang cookie, then Accept-Language); "
                             "any other language is a 422"}
UNKNOWN_LANG = "a `lang` (query or body) that is not one of: " + ", ".join(LANGS)
SLUG_PARAM = {"name": "slug", "in": "path", "required": True, "schema": {"type": "string"}}
TOO_MANY = _error("too many requests from this client (limit: JUDGE_RATE_LIMIT)", RETRY_AFTER)


def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "mljudge API",
            "version": "1.0.0",
            "description": "Grade machine-learning exercises (NumPy / PyTorch) in a sandbox; read exercises and "
                           "lessons. Errors are `{\"error\", \"detail\"}`. No authentication; rate-limited per "
                           "client.",
        },
        "servers": [{"url": "/"}],
        "paths": {
            "/api/exercises": {"get": {
                "operationId": "listExercises", "summary": "the course's modules and its exercises",
                "responses": {"200": _json(_ref("ExerciseList"), "modules in order, exercises by module"),
                              "429": TOO_MANY},
            }},
            "/api/exercises/{slug}": {"get": {
                "operationId": "getExercise", "summary": "prompt, starters, visible cases, limits, signature",
                "parameters": [SLUG_PARAM, LANG_PARAM],
                "responses": {"200": _json(_ref("ExerciseDetail"), "the exercise"),
                              "404": _error("no such exercise"), "422": _error(UNKNOWN_LANG), "429": TOO_MANY},
            }},
            "/api/exercises/{slug}/submissions": {"post": {
                "operationId": "submit", "summary": "grade code; the answer is the report of `judge run --json`",
                "parameters": [SLUG_PARAM, LANG_PARAM],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("Submission")}}},
                "responses": {
                    "200": _json(_ref("Report"), "the report (every verdict, accepted or not, is a 200)"),
                    "400": _error(f"not a JSON object (or one nested over {MAX_JSON_DEPTH} levels), or no `code` "
                                  "string"),
                    "404": _error("no such exercise"),
                    "413": _error("the code is over 64 KiB (or the body far over it)"),
                    "422": _error(f"a track this exercise does not have, or {UNKNOWN_LANG}"),
                    "429": _error("too many requests from this client, or (error code too_many_pending) as many of "
                                  "its submissions already judged or waiting as it may have; try again after "
                                  "Retry-After seconds", RETRY_AFTER),
                    "503": _error("every sandbox of the track is busy and the queue in front of them is full (with a "
                                  "broker: deeper than its workers drain in a minute), or the verdict could not be "
                                  "recorded; try again after Retry-After seconds", RETRY_AFTER),
                },
            }},
            "/api/reports/render": {"post": {
                "operationId": "renderReport",
                "summary": "say a report (an answer's `neutral`) in another language, without grading again",
                "parameters": [LANG_PARAM],
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": _ref("RenderRequest")}}},
                "responses": {
                    "200": _json(_ref("Report"), "the report in the language asked for"),
                    "400": _error("not a JSON object, or `report` is not a token this server issued (made up, altered, "
                                  "signed with a key no longer kept) of this judge's version"),
                    "404": _error("the report's exercise is not in this catalogue"),
                    "413": _error("the body is too large"),
                    "422": _error(UNKNOWN_LANG),
                    "429": _error("too many requests from this client", RETRY_AFTER),
                },
            }},
            "/api/lessons/{slug}": {"get": {
                "operationId": "getLesson", "summary": "lesson text, plot points, tasks (without answers)",
                "parameters": [SLUG_PARAM, LANG_PARAM],
                "responses": {"200": _json(_ref("Lesson"), "the lesson"),
                              "404": _error("no such exercise, or it has no lesson"),
                              "422": _error(UNKNOWN_LANG), "429": TOO_MANY},
            }},
            "/api/lessons/{slug}/panels/{panel_id}": {"get": {
                "operationId": "getPanelState",
                "summary": "a lesson panel's data in another state: each query parameter (other than lang) is one "
                           "of the panel's declared params, on its slider's grid (`params` in the lesson)",
                "parameters": [SLUG_PARAM, {"name": "panel_id", "in": "path", "required": True,
                                            "schema": {"type": "string"}}, LANG_PARAM],
                "responses": {"200": _json(_ref("PanelState"), "the panel's data in that state"),
                              "400": _error("a parameter the panel does not declare, given twice, or a value "
                                            "that is not a finite number on its slider's grid (or not one of its "
                                            "choices): the detail names the parameter and says why"),
                              "404": _error("no such exercise, lesson or panel"),
                              "422": _error(UNKNOWN_LANG),
                              "429": TOO_MANY},
            }},
            "/api/lessons/{slug}/tasks/{task_id}": {"post": {
                "operationId": "answerTask", "summary": "mark a \"try it\" task's answers on the server",
                "parameters": [SLUG_PARAM, {"name": "task_id", "in": "path", "required": True,
                                            "schema": {"type": "string"}}, LANG_PARAM],
                "requestBody": {"required": True,
                                "content": {"application/json": {"schema": _ref("TaskAnswers")}}},
                "responses": {"200": _json(_ref("TaskResult"), "right or not, per answer"),
                              "400": _error(f"not a JSON object (or one nested over {MAX_JSON_DEPTH} levels), or no "
                                            "`answers` object"),
                              "404": _error("no such exercise, lesson or task"),
                              "422": _error(f"an answer id the task does not have, or {UNKNOWN_LANG}"),
                              "429": TOO_MANY},
            }},
            "/api/submissions": {"get": {
                "operationId": "listSubmissions", "summary": "this learner's submissions, newest first",
                "description": LEARNER,
                "parameters": [{"name": "exercise", "in": "query", "required": False, "schema": {"type": "string"},
                                "description": "only this exercise's"}, LANG_PARAM],
                "responses": {"200": _json(_ref("SubmissionList"), "this learner's submissions"),
                              "404": _error("no such exercise"), "422": _error(UNKNOWN_LANG), "429": TOO_MANY,
                              "503": STORE_DOWN},
            }},
            "/api/submissions/{submission_id}": {"get": {
                "operationId": "getSubmission", "summary": "one of this learner's submissions: code and report",
                "description": LEARNER,
                "parameters": [{"name": "submission_id", "in": "path", "required": True,
                                "schema": {"type": "string"}}, LANG_PARAM],
                "responses": {"200": _json(_ref("StoredSubmission"), "the submission, its report in `lang`"),
                              "404": _error("no submission of this learner has this id (missing, someone else's "
                                            "or malformed: the same answer)"),
                              "422": _error(UNKNOWN_LANG), "429": TOO_MANY, "503": STORE_DOWN},
            }},
            "/api/learner/links": {"post": {
                "operationId": "createLearnerLink",
                "summary": "a one-time link that opens this learner's history in a browser (`judge history "
                           "--browser`)",
                "description": LEARNER + " The link is good for `expires_in` seconds, once: opening "
                               "/learner/link shows what it does and asks; only that page's own form, confirmed, "
                               "gives the browser this learner's token.",
                "parameters": [LANG_PARAM],
                "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("LinkRequest")}}},
                "responses": {"200": _json(_ref("Link"), "the link"),
                              "400": _error(f"not a JSON object (or one nested over {MAX_JSON_DEPTH} levels)"),
                              "403": _error("no learner token this server issued (error code no_learner): a "
                                            "client without one has no history to open"),
                              "404": _error("no such exercise, or the server keeps no record"),
                              "422": _error(UNKNOWN_LANG), "429": TOO_MANY},
            }},
            "/api/progress": {"get": {
                "operationId": "getProgress", "summary": "this learner's solved and attempted exercises",
                "description": LEARNER,
                "parameters": [LANG_PARAM],
                "responses": {"200": _json(_ref("Progress"), "per exercise"), "422": _error(UNKNOWN_LANG),
                              "429": TOO_MANY, "503": STORE_DOWN},
            }},
            "/api/openapi.json": {"get": {
                "operationId": "openapi", "summary": "this document",
                "responses": {"200": {"description": "OpenAPI 3.1",
                                      "content": {"application/json": {"schema": {"type": "object"}}}},
                              "429": TOO_MANY},
            }},
        },
        "components": {"schemas": SCHEMAS},
    }
