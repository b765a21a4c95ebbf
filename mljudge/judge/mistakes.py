"""Known mistakes, recognised from a learner's *outputs* rather than their code.

A mistake is either an alternative implementation (the learner's answers match what it computes on every case)
or a predicate over one failed case (e.g. the right values in the wrong shape). Both run in the judge's process:
they are trusted code from the exercise folder, and the learner's answers are plain numbers by now. Two known
mistakes made at once are recognised together: declared as one (`combines`), or, when the cases each gets wrong
do not meet, composed from the two without any code.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from mljudge.judge.compare import compare
from mljudge.judge.exercise import Case, Exercise, Mistake, MistakePredicate
from mljudge.sandbox import TRUSTED, Array


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


def changed_in_place(got: Any, expected: Any, case: Case) -> bool:
    """The right answer came back (an array, or a tuple of them), yet the case failed: with `pure = true` only one
    thing fails such a case, the function wrote into an input (`param -= …` in NumPy, `c.mul_(f)` in PyTorch)."""
    return _agrees(got, expected, case.tolerance.atol)


def _agrees(got: Any, expected: Any, atol: float) -> bool:
    if isinstance(expected, tuple):
        return (isinstance(got, tuple | list) and len(got) == len(expected)
                and all(_agrees(g, e, atol) for g, e in zip(got, expected, strict=True)))
    return (isinstance(got, Array) and isinstance(expected, np.ndarray) and got.data.shape == expected.shape
            and got.data.dtype.kind in "biuf"
            and bool(np.all(np.abs(got.data.astype(np.float64) - expected) < atol)))


PREDICATES: dict[str, MistakePredicate] = {"flattened": flattened, "transposed": transposed,
                                           "changed_in_place": changed_in_place}

_outputs: dict[tuple[str, str, int], dict[str, Any]] = {}
_footprints: dict[tuple[str, str, int], frozenset[str] | None] = {}


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


def footprint(exercise: Exercise, mistake: Mistake) -> frozenset[str] | None:
    """The cases an implemented mistake gets wrong: another value, an exception where the answer returns, or a
    return where the case must raise. None where that cannot be known: a custom checker judges the cases, and its
    hidden ones keep no expected value (computed once per process)."""
    assert mistake.function is not None
    key = (str(exercise.path), mistake.id, id(mistake.function))
    if key not in _footprints:
        _footprints[key] = _wrong_cases(exercise, mistake_outputs(exercise, mistake))
    return _footprints[key]


def _wrong_cases(exercise: Exercise, outputs: dict[str, Any]) -> frozenset[str] | None:
    wrong = set()
    for case in exercise.cases:
        output = outputs[case.id]
        if case.raises or output is RAISED:
            if (output is RAISED) != bool(case.raises):
                wrong.add(case.id)
        elif exercise.checker is not None or case.id not in exercise.expected:
            return None
        elif not compare(exercise.expected[case.id], as_answer(output), exercise.function.returns, case.tolerance,
                         TRUSTED.name).passed:
            wrong.add(case.id)
    return frozenset(wrong)


def recognise(exercise: Exercise, track: str, answers: dict[str, Any], failed: list[str],
              raised: frozenset[str] = frozenset()) -> list[Mistake]:
    """The known mistakes that explain these answers. `answers` maps case ids to values the learner returned,
    `raised` holds the cases where their code raised an exception, `failed` the cases that did not pass.

    An implemented mistake explains them when it agrees on every case both ran: the same answer, or an exception
    where the learner's code raised one too (`grad_output @ weight.T` raises on every layer with in ≠ out, and
    the learner's does on the same layers). A case where only the mistake raised says nothing (it may check what
    the learner's does not), nor one the learner got right by raising (an id out of range); one where only the
    learner's code raised, and wrongly, disagrees. And the learner must fail a compared case that the mistake gets
    wrong (its footprint): right values that fail for another reason (inputs written into) are not a mistake
    that is right wherever it does not raise.

    A combination (`combines`) is left out when one of the mistakes it combines explains the answers too: then
    the answers do not show the other's effect. When no mistake explains the answers alone, two implemented ones
    whose footprints (the cases each gets wrong) do not meet explain them together if the answers agree with
    each one on its own cases and are right elsewhere: a mask indexed as `scores[~mask]` raises on every mask
    that broadcasts, and a softmax over a row of −inf gives NaN in a row that allows nothing, both in one
    submission. Both are returned, each with its own hint, which speaks of its own cases only."""
    if not failed:
        return []
    learner = _Answers(exercise, track, answers, failed, raised)
    found = [m for m in exercise.mistakes if learner.explained_by(m)]
    ids = {m.id for m in found}
    found = [m for m in found if not ids.intersection(m.combines)]
    return found or learner.explained_by_pairs()


class _Answers:
    """One submission's answers, compared with what mistakes predict (each comparison made once)."""

    def __init__(self, exercise: Exercise, track: str, answers: dict[str, Any], failed: list[str],
                 raised: frozenset[str]) -> None:
        self.exercise, self.track, self.answers, self.raised = exercise, track, answers, raised
        self.failed = set(failed)
        self.cases = {c.id: c for c in exercise.cases}
        self._agreement: dict[tuple[str, str], bool] = {}

    def explained_by(self, mistake: Mistake) -> bool:
        if mistake.function is not None:
            outputs = mistake_outputs(self.exercise, mistake)
            return self._explains({cid: mistake for cid in outputs}, [footprint(self.exercise, mistake)])
        if mistake.predicate is not None:
            judged = [cid for cid in self.failed if cid in self.answers and not self.cases[cid].raises]
            return bool(judged) and all(
                _safe(mistake.predicate, self.answers[c], self.exercise.expected.get(c), self.cases[c])
                for c in judged)
        return False

    def explained_by_pairs(self) -> list[Mistake]:
        implemented = [(m, footprint(self.exercise, m)) for m in self.exercise.mistakes if m.function is not None]
        candidates = [(m, cases) for m, cases in implemented if cases]
        found: set[str] = set()
        for i, (a, a_cases) in enumerate(candidates):
            for b, b_cases in candidates[i + 1:]:
                if a_cases & b_cases or a.id in b.combines or b.id in a.combines:
                    continue
                # Each case as the mistake that gets it wrong predicts it; elsewhere both give the answer.
                if self._explains({cid: a if cid in a_cases else b for cid in self.cases}, [a_cases, b_cases]):
                    found |= {a.id, b.id}
        return [m for m in self.exercise.mistakes if m.id in found]

    def _explains(self, predicted_by: dict[str, Mistake], footprints: list[frozenset[str] | None]) -> bool:
        """Do the answers agree with the prediction, each case's output from the mistake named for it, and fail
        where each mistake goes wrong?"""
        compared = []
        for cid, mistake in predicted_by.items():
            output = mistake_outputs(self.exercise, mistake).get(cid, RAISED)
            if cid not in self.answers and cid not in self.raised:
                continue
            if output is RAISED and cid not in self.raised:
                continue
            if cid in self.raised and cid not in self.failed and output is not RAISED:
                continue
            compared.append((cid, mistake, output))
        # Each mistake must show on a compared case that the learner failed and the mistake gets wrong: matching it
        # only where both are right says nothing about why the failed cases failed (a submission that writes into
        # its inputs fails every case with the right values, like a mistake that is right wherever it does not
        # raise). Where a checker hides the footprint, a failed case must at least be among the compared ones.
        failed = [cid for cid, _, _ in compared if cid in self.failed]
        return all(any(cid in cases for cid in failed) if cases is not None else bool(failed)
                   for cases in footprints) and all(
            self._agrees(cid, mistake, output) for cid, mistake, output in compared)

    def _agrees(self, cid: str, mistake: Mistake, output: Any) -> bool:
        key = (mistake.id, cid)
        if key not in self._agreement:
            learner_raised = cid in self.raised
            if output is RAISED or learner_raised:
                agrees = output is RAISED and learner_raised
            else:
                agrees = compare(output, self.answers.get(cid), self.exercise.function.returns,
                                 self.cases[cid].tolerance, self.track, nan_equal=True).passed
            self._agreement[key] = agrees
        return self._agreement[key]


def as_answer(value: Any) -> Any:
    """A trusted value dressed as a learner's answer from the track trusted code computes in (sandbox.TRUSTED)."""
    if isinstance(value, np.ndarray | np.generic):
        return Array(np.asarray(value), origin=TRUSTED.origin)
    if isinstance(value, tuple | list):
        return tuple(as_answer(v) for v in value)
    if isinstance(value, dict):
        return {k: as_answer(v) for k, v in value.items()}
    return value


def _safe(predicate: MistakePredicate, got: Any, expected: Any, case: Case) -> bool:
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
