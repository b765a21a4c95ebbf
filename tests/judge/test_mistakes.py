"""mljudge.judge.mistakes.recognise: a known mistake explains the answers it agrees with on every case both ran, and the
exceptions it raises where the learner's code raised too; a declared combination, or two mistakes whose footprints
do not meet, explain what they do together."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from mljudge.judge.catalog import Catalog
from mljudge.judge.exercise import Exercise, Mistake
from mljudge.judge.mistakes import RAISED, footprint, mistake_outputs, recognise
from mljudge.sandbox import Array

EXERCISE = Catalog().get("linear-backward")
MISTAKE = next(m for m in EXERCISE.mistakes if m.id == "grad-x-transposed")


def _answer(value: Any) -> Any:
    return tuple(Array(np.asarray(v)) for v in value)


def _learner_like_the_mistake() -> tuple[dict[str, Any], frozenset[str], list[str]]:
    outputs = mistake_outputs(EXERCISE, MISTAKE)
    answers = {cid: _answer(v) for cid, v in outputs.items() if v is not RAISED}
    raised = frozenset(cid for cid, v in outputs.items() if v is RAISED)
    return answers, raised, sorted(raised)


def test_the_mistake_raises_where_the_shapes_do_not_fit_and_answers_on_a_square_layer() -> None:
    answers, raised, _ = _learner_like_the_mistake()
    assert answers and raised  # both kinds of case exist, or this test proves nothing


def test_raising_on_the_same_cases_and_agreeing_elsewhere_is_the_mistake() -> None:
    answers, raised, failed = _learner_like_the_mistake()
    assert MISTAKE in recognise(EXERCISE, "numpy", answers, failed, raised)


def test_raising_everywhere_is_not_the_mistake() -> None:
    """A NameError raises on every case: the mistake answers the square layer, so they disagree there."""
    every = frozenset(c.id for c in EXERCISE.cases)
    assert MISTAKE not in recognise(EXERCISE, "numpy", {}, sorted(every), every)


def test_raising_on_the_same_cases_but_answering_otherwise_is_not_the_mistake() -> None:
    answers, raised, failed = _learner_like_the_mistake()
    other = {cid: tuple(Array(a.data + 1.0) for a in value) for cid, value in answers.items()}
    assert MISTAKE not in recognise(EXERCISE, "numpy", other, failed, raised)


def test_a_case_the_learner_got_right_by_raising_says_nothing() -> None:
    """embedding's off-by-one returns a row for id = len(weights), where the learner's code rightly raises."""
    embedding = Catalog().get("embedding")
    off_by_one = next(m for m in embedding.mistakes if m.id == "off-by-one")
    outputs = mistake_outputs(embedding, off_by_one)
    must_raise = frozenset(c.id for c in embedding.cases if c.raises)
    assert must_raise and all(outputs[cid] is not RAISED for cid in must_raise)  # the mistake answers there
    answers = {cid: Array(np.asarray(v)) for cid, v in outputs.items() if cid not in must_raise}
    failed = sorted(answers)
    assert off_by_one in recognise(embedding, "numpy", answers, failed, must_raise)


def test_right_values_that_fail_for_another_reason_are_not_a_mistake_right_wherever_it_does_not_raise() -> None:
    """A submission that writes into its inputs fails every case with the right values. grad-x-transposed gives
    the same values on the square layers, but it goes wrong only where it raises, and the learner's code did not
    raise there: nothing shows the mistake."""
    answers = {cid: _answer(value) for cid, value in EXERCISE.expected.items()}
    assert MISTAKE not in recognise(EXERCISE, "numpy", answers, sorted(answers), frozenset())


# --- combinations ---------------------------------------------------------------------------------------------

MSE = Catalog().get("mse")
ATTENTION = Catalog().get("attention")


def _mistake(exercise: Exercise, mistake_id: str) -> Mistake:
    return next(m for m in exercise.mistakes if m.id == mistake_id)


def _answers_of(exercise: Exercise,
                predicted_by: dict[str, Mistake]) -> tuple[dict[str, Any], frozenset[str], list[str]]:
    """What a learner whose code does what `predicted_by` names on each case answers, raises, and fails."""
    outputs = {cid: mistake_outputs(exercise, m)[cid] for cid, m in predicted_by.items()}
    answers = {cid: Array(np.asarray(v)) for cid, v in outputs.items() if v is not RAISED}
    raised = frozenset(cid for cid, v in outputs.items() if v is RAISED)
    failed = sorted(raised | {cid for cid, v in answers.items()
                              if not np.allclose(v.data, exercise.expected[cid], atol=5e-5, equal_nan=False)})
    return answers, raised, failed


def test_a_declared_combination_is_recognised_and_not_its_parts() -> None:
    half_summed = _mistake(MSE, "half-summed")
    answers, raised, failed = _answers_of(MSE, {c.id: half_summed for c in MSE.cases})
    assert recognise(MSE, "numpy", answers, failed, raised) == [half_summed]


def test_a_combination_is_left_out_when_one_of_its_parts_explains_the_answers_too() -> None:
    """Both explain them: the answers do not show the other part's effect, so the plain mistake is the one named."""
    half = _mistake(MSE, "half")
    alias = Mistake("half-and-summed", half.hint, function=half.function, combines=("half", "summed"))
    exercise = replace(MSE, mistakes=(half, alias))
    answers, raised, failed = _answers_of(exercise, {c.id: half for c in MSE.cases})
    assert recognise(exercise, "numpy", answers, failed, raised) == [half]


def test_two_mistakes_whose_footprints_do_not_meet_are_recognised_together() -> None:
    """Boolean indexing raises on every mask that broadcasts; a softmax over −inf gives NaN in a row that allows
    nothing. Neither explains a submission that does both; together they do, and each brings its own hint."""
    indexed, nan_rows = _mistake(ATTENTION, "mask-indexed"), _mistake(ATTENTION, "empty-rows-nan")
    indexed_cases, nan_cases = footprint(ATTENTION, indexed), footprint(ATTENTION, nan_rows)
    assert indexed_cases and nan_cases and not indexed_cases & nan_cases
    answers, raised, failed = _answers_of(ATTENTION, {c.id: indexed if c.id in indexed_cases else nan_rows
                                                      for c in ATTENTION.cases})
    assert raised == indexed_cases
    assert recognise(ATTENTION, "numpy", answers, failed, raised) == [nan_rows, indexed]


def test_two_mistakes_whose_footprints_meet_need_a_declared_combination() -> None:
    """½ and a sum both change every case: what the two do together is not determined by what each does alone."""
    half_summed = _mistake(MSE, "half-summed")
    answers, raised, failed = _answers_of(MSE, {c.id: half_summed for c in MSE.cases})
    undeclared = replace(MSE, mistakes=tuple(m for m in MSE.mistakes if m.id != "half-summed"))
    assert recognise(undeclared, "numpy", answers, failed, raised) == []


def test_a_footprint_is_unknown_where_a_checker_judges_the_cases() -> None:
    """dropout has no single right output, and its hidden cases keep no expected value to compare with."""
    dropout = Catalog().get("dropout")
    identity = Mistake("identity", dropout.hints[0], function=lambda x, *args, **kwargs: x)
    assert dropout.checker is not None
    assert footprint(replace(dropout, mistakes=(identity,)), identity) is None
