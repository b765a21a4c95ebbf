"""Expected values: computed from the trusted reference at authoring time, stored in expected.json, and only
read while grading, so no reference code ever runs next to a submission."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from judge import values
from judge.errors import ExerciseError
from judge.exercise import Exercise
from judge.loader import resolve_reference

FORMAT = 1


def compute(exercise: Exercise) -> dict[str, Any]:
    """Run the reference on every case; `{case id: value}` (None for cases that must raise)."""
    reference = resolve_reference(exercise)
    if reference is None:
        raise ExerciseError(exercise.path / "exercise.toml", "no [reference] function to compute expected values")
    out = {}
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


def write(exercise: Exercise, computed: dict[str, Any]) -> Path:
    path = exercise.path / "expected.json"
    doc = {
        "format": FORMAT,
        "note": "Computed from the reference by `judge check --write`; do not edit by hand.",
        "reference": exercise.reference,
        "cases": {
            case.id: {"inputs": values.fingerprint(case.args),
                      "value": None if computed[case.id] is None else values.to_json(computed[case.id])}
            for case in exercise.cases
        },
    }
    path.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
