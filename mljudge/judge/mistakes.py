"""Known mistakes, recognised from a learner's *outputs* rather than their code.

A mistake is either an alternative implementation (the learner's answers match what it computes on every case)
or a predicate over one failed case (e.g. the right values in the wrong shape). Both run in the judge's process:
they are trusted code from the exercise folder, and the learner's answers are plain numbers by now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from mljudge.judge.compare import compare
from mljudge.judge.exercise import Case, Exercise, Mistake
from mljudge.sandbox import Array


def flattened(got: Any, expected: Any, case: Case) -> bool:
    """The right numbers, but flattened to 1-D instead of keeping the input's shape."""
    if not isinstance(got, Array) or not isinstance(expected, np.ndarray) or expected.ndim == 1:
        return False
    data = got.data
    return (data.ndim == 1 and data.size == expected.size and data.dtype.kind in "biuf"
            and bool(np.all(np.abs(data.astype(np.float64) - expected.ravel()) < case.tolerance.atol)))


def transposed(got: Any, expected: Any, case: Case) -> bool:
    """The right numbers, transposed."""
    if not isinstance(got, Array) or not isinstance(expected, np.ndarray) or expected.ndim != 2:
        return False
    data = got.data
    return (data.shape == expected.T.shape and data.shape != expected.shape and data.dtype.kind in "biuf"
            and bool(np.all(np.abs(data.astype(np.float64) - expected.T) < case.tolerance.atol)))


PREDICATES: dict[str, Callable[[Any, Any, Case], bool]] = {"flattened": flattened, "transposed": transposed}

_outputs: dict[tuple[str, str, int], dict[str, Any]] = {}


class Raised:
    """What a mistaken implementation did on a case where it raised (an exception of any type: the learner's may
    come from the other track's library, a RuntimeError where NumPy raises ValueError)."""


RAISED = Raised()


def mistake_outputs(exercise: Exercise, mistake: Mistake) -> dict[str, Any]:
    """What the mistaken implementation returns on each case, or RAISED (computed once per process)."""
    assert mistake.function is not None
    key = (str(exercise.path), mistake.id, id(mistake.function))
    if key not in _outputs:
        outputs: dict[str, Any] = {}
        for case in exercise.cases:  # must-raise cases too: `weights[ids]` returns where it should raise
            args, kwargs = exercise.call_args({k: _copy(v) for k, v in case.args.items()})
            try:
                outputs[case.id] = mistake.function(*args, **kwargs)
            except Exception:
                outputs[case.id] = RAISED
        _outputs[key] = outputs
    return _outputs[key]


def recognise(exercise: Exercise, track: str, answers: dict[str, Any], failed: list[str],
              raised: frozenset[str] = frozenset()) -> list[Mistake]:
    """The known mistakes that explain these answers. `answers` maps case ids to values the learner returned,
    `raised` holds the cases where their code raised an exception, `failed` the cases that did not pass.

    An implemented mistake explains them when it agrees on every case both ran: the same answer, or an exception
    where the learner's code raised one too (`grad_output @ weight.T` raises on every layer with in ≠ out, and
    the learner's does on the same layers). A case where only the mistake raised says nothing (it may check what
    the learner's does not), nor one the learner got right by raising (an id out of range); one where only the
    learner's code raised, and wrongly, disagrees."""
    if not failed:
        return []
    cases = {c.id: c for c in exercise.cases}
    found = []
    for mistake in exercise.mistakes:
        if mistake.function is not None:
            outputs = mistake_outputs(exercise, mistake)
            compared = [cid for cid in cases if cid in outputs and (cid in answers or cid in raised)
                        and not (outputs[cid] is RAISED and cid not in raised)
                        and not (cid in raised and cid not in failed and outputs[cid] is not RAISED)]
            # At least one compared case must be one the learner failed: matching the mistake only where both
            # are right says nothing about why the failed cases failed.
            if any(cid in failed for cid in compared) and all(
                    _agrees(exercise, track, outputs[cid], answers.get(cid), cid in raised, cases[cid])
                    for cid in compared):
                found.append(mistake)
        elif mistake.predicate is not None:
            judged = [cid for cid in failed if cid in answers and not cases[cid].raises]
            if judged and all(_safe(mistake.predicate, answers[c], exercise.expected.get(c), cases[c])
                              for c in judged):
                found.append(mistake)
    return found


def _agrees(exercise: Exercise, track: str, output: Any, answer: Any, learner_raised: bool, case: Case) -> bool:
    if output is RAISED or learner_raised:
        return output is RAISED and learner_raised
    return compare(output, answer, exercise.function.returns, case.tolerance, track, nan_equal=True).passed


def _safe(predicate: Callable[[Any, Any, Case], bool], got: Any, expected: Any, case: Case) -> bool:
    try:
        return bool(predicate(got, expected, case))
    except Exception:
        return False


def _copy(value: Any) -> Any:
    """A fresh copy of an argument, so a mistake that writes into its inputs cannot change the case's (a dict of
    named arrays, such as a block's weights, is copied array by array)."""
    if isinstance(value, np.ndarray):
        return value.copy()
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
