"""A custom checker is the author's code, with one signature (judge.api.Checker): None when the answer is right, a
Text that says why when it is wrong. When it breaks (it raises, or answers anything else), the learner is told it
is the judge's fault, and why."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from mljudge.judge.api import Text
from mljudge.judge.catalog import Catalog
from mljudge.sandbox.pool import Pool
from tests.judging import judged

SOLUTION = (Catalog().get("dropout").path / "solutions" / "numpy.py").read_text()


def answering(result: Any) -> Any:
    def check(case: Any, expected: Any, got: Any, earlier: Any) -> Any:
        if isinstance(result, Exception):
            raise result
        return result

    return check


@pytest.mark.parametrize("result, said", [
    (ZeroDivisionError("division by zero"), "ZeroDivisionError: division by zero"),
    ("yes", "returned str"),
    (np.array([True, True]), "returned ndarray"),
    (True, "returned bool"),  # the old contract's "passed": never a pass by being truthy
    ((True, ""), "returned tuple"),
    (Text(), "returned an empty Text"),  # a failure that says nothing
])
def test_a_broken_checker_is_an_internal_error_that_says_why(pool: Pool, result: Any, said: str) -> None:
    exercise = dataclasses.replace(Catalog().get("dropout"), checker=answering(result))
    report = judged(exercise, SOLUTION, "numpy", pool=pool)
    assert report.verdict == "internal_error"
    assert said in report.message and "{detail}" not in report.message, report.message


def test_none_passes_and_a_text_fails_with_its_words(pool: Pool) -> None:
    right = dataclasses.replace(Catalog().get("dropout"), checker=answering(None))
    assert judged(right, SOLUTION, "numpy", pool=pool).verdict == "accepted"
    why = Text(en="Keep the shape of x.", ru="Сохраните форму x.")
    wrong = dataclasses.replace(Catalog().get("dropout"), checker=answering(why))
    report = judged(wrong, SOLUTION, "numpy", pool=pool, lang="ru")
    assert report.verdict == "wrong_answer"
    assert all(case.message == "Сохраните форму x." for case in report.cases if case.visible), report.cases
    # a hidden case says one bit, whatever the checker said (its words may describe the hidden answer)
    assert all("Сохраните" not in case.message for case in report.cases if not case.visible)
