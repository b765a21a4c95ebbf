"""mljudge.judge.mistakes.recognise: a known mistake explains the answers it agrees with on every case both ran, and the
exceptions it raises where the learner's code raised too."""

from __future__ import annotations

from typing import Any

import numpy as np

from mljudge.judge.catalog import Catalog
from mljudge.judge.mistakes import RAISED, mistake_outputs, recognise
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
