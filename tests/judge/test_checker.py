"""A custom checker is the author's code: when it breaks, the learner is told it is the judge's fault, and why."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from mljudge.judge.catalog import Catalog
from mljudge.sandbox.pool import Pool
from tests.judging import judged

SOLUTION = (Catalog().get("dropout").path / "solutions" / "numpy.py").read_text()


def broken(result: Any) -> Any:
    def check(case: Any, expected: Any, got: Any) -> Any:
        if isinstance(result, Exception):
            raise result
        return result

    return check


@pytest.mark.parametrize("result, said", [
    (ZeroDivisionError("division by zero"), "ZeroDivisionError: division by zero"),
    ("yes", "returned str"),
    (np.array([True, True]), "returned ndarray"),
    (("yes", "fine"), "returned str"),
])
def test_a_broken_checker_is_an_internal_error_that_says_why(pool: Pool, result: Any, said: str) -> None:
    exercise = dataclasses.replace(Catalog().get("dropout"), checker=broken(result))
    report = judged(exercise, SOLUTION, "numpy", pool=pool)
    assert report.verdict == "internal_error"
    assert said in report.message and "{detail}" not in report.message, report.message


@pytest.mark.parametrize("result", [True, np.bool_(True), (np.bool_(True), "")])
def test_a_checker_may_answer_with_a_numpy_bool(pool: Pool, result: Any) -> None:
    exercise = dataclasses.replace(Catalog().get("dropout"), checker=broken(result))
    assert judged(exercise, SOLUTION, "numpy", pool=pool).verdict == "accepted"
