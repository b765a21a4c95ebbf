"""Expected values: computed from the trusted reference at authoring time, stored in expected.json, and only
read while grading, so no reference code ever runs next to a submission.

Only values something reads are stored: a compared case's (the comparison), a visible case's (the report shows
it). A hidden case of an exercise judged by its checker keeps only its inputs' fingerprint, and the checker gets
None for it. Each case is one line of the file, so a diff shows which cases a change touched.

    {"format": 2, "note": …, "reference": "mljudge.reference.gelu:gelu_tanh", "cases": {
     "example-1": {"inputs": "81b3…", "value": {"dtype": "float64", "shape": [3], "data": [...]}},
     "hidden-big": {"inputs": "6a11…"}
    }}
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from mljudge.judge import values
from mljudge.judge.errors import ExerciseError
from mljudge.judge.exercise import EXPECTED_FORMAT, Exercise
from mljudge.judge.loader import resolve_reference


def compute(exercise: Exercise) -> dict[str, Any]:
    """Run the reference on every case; `{case id: value}` (None for cases that must raise)."""
    reference = resolve_reference(exercise)
    if reference is None:
        raise ExerciseError(exercise.path / "exercise.toml", "no [reference] function to compute expected values")
    out: dict[str, Any] = {}
    for case in exercise.cases:
        if case.raises:
            out[case.id] = None
            continue
        args, kwargs = exercise.call_args({k: v.copy() if isinstance(v, np.ndarray) else v
                                           for k, v in case.args.items()})
        try:
            with np.errstate(all="raise"):
                out[case.id] = reference(*args, **kwargs)
        except Exception as exc:
            raise ExerciseError(exercise.path / "cases.toml",
                                f"the reference fails on case {case.id!r}: {type(exc).__name__}: {exc}") from None
    return out


def write_expected(exercise: Exercise, computed: dict[str, Any]) -> Path:
    path = exercise.path / "expected.json"
    path.write_text(dumps(exercise, computed), encoding="utf-8")
    return path


def dumps(exercise: Exercise, computed: dict[str, Any]) -> str:
    """expected.json's text: the header on a line each, then one line per case."""
    head = {"format": EXPECTED_FORMAT,
            "note": "Computed from the reference by `judge check --write`; do not edit by hand.",
            "reference": exercise.reference}
    lines = [f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}," for key, value in head.items()]
    entries = []
    for case in exercise.cases:
        entry: dict[str, Any] = {"inputs": values.fingerprint(case.args)}
        if exercise.stores_expected(case):
            entry["value"] = values.to_json(computed[case.id])
        entries.append(f"  {json.dumps(case.id)}: {json.dumps(entry, ensure_ascii=False, separators=(', ', ': '))}")
    return "{\n" + "\n".join(lines) + '\n "cases": {\n' + ",\n".join(entries) + "\n }\n}\n"
