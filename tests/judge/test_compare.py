"""The comparison: shapes exact, 4 decimals, NaN never matches, types in the track's words."""

from __future__ import annotations

import numpy as np
import pytest

from mljudge.judge.compare import compare
from mljudge.judge.exercise import Returns, Tolerance
from mljudge.sandbox.wire import Array, Opaque

ARRAY = Returns("array")
TOL = Tolerance(5e-5)


def nd(values, origin: str = "ndarray") -> Array:
    return Array(np.asarray(values, dtype=np.float64), origin)


def test_within_four_decimals_passes_and_reports_max_error() -> None:
    check = compare(np.array([1.0, 2.0]), nd([1.00004, 2.0]), ARRAY, TOL, "numpy")
    assert check.passed
    assert check.max_abs_error == pytest.approx(4e-5)


def test_just_outside_tolerance_fails_with_first_index() -> None:
    check = compare(np.array([[1.0, 2.0], [3.0, 4.0]]), nd([[1.0, 2.0], [3.0, 4.00006]]), ARRAY, TOL, "numpy")
    assert not check.passed
    assert check.reason == "wrong_values"
    assert check.first_diff == (1, 1)
    assert check.diff_indices == (3,)
    assert check.params["count"] == 1


def test_shape_must_match_exactly_even_with_equal_values() -> None:
    check = compare(np.zeros((2, 3)), nd(np.zeros(6)), ARRAY, TOL, "numpy")
    assert (check.passed, check.reason) == (False, "wrong_shape")
    assert check.params == {"expected": "(2, 3)", "got": "(6,)"}


def test_nan_never_matches_even_an_expected_nan() -> None:
    check = compare(np.array([np.nan, 1.0]), nd([np.nan, 1.0]), ARRAY, TOL, "numpy")
    assert (check.passed, check.reason) == (False, "nan")
    assert compare(np.array([np.nan, 1.0]), nd([np.nan, 1.0]), ARRAY, TOL, "numpy", nan_equal=True).passed


def test_infinities_match_only_themselves() -> None:
    assert compare(np.array([np.inf]), nd([np.inf]), ARRAY, TOL, "numpy").passed
    assert not compare(np.array([1.0]), nd([np.inf]), ARRAY, TOL, "numpy").passed


@pytest.mark.parametrize(("got", "words"), [
    (nd([1.0], origin="tensor"), "torch.Tensor"),
    ([1.0], "list"),
    (Opaque("generator"), "generator"),
    (None, "None"),
])
def test_wrong_type_names_what_came_back(got, words: str) -> None:
    check = compare(np.array([1.0]), got, ARRAY, TOL, "numpy")
    assert (check.passed, check.reason) == (False, "wrong_type")
    assert check.params == {"expected": "numpy.ndarray", "got": words}


def test_torch_track_wants_a_tensor() -> None:
    assert compare(np.array([1.0]), nd([1.0], origin="tensor"), ARRAY, TOL, "torch").passed
    assert compare(np.array([1.0]), nd([1.0]), ARRAY, TOL, "torch").reason == "wrong_type"


def test_zero_d_expected_accepts_a_numpy_scalar_or_float() -> None:
    assert compare(np.array(0.5), nd(0.5, origin="numpy scalar"), ARRAY, TOL, "numpy").passed
    assert compare(np.array(0.5), 0.5, ARRAY, TOL, "numpy").passed


def test_boolean_and_complex_answers_are_refused_or_wrong() -> None:
    got = Array(np.array([True, False]), "ndarray")
    assert not compare(np.array([0.5, 0.0]), got, ARRAY, TOL, "numpy").passed


def test_int_arrays_compare_exactly_and_need_integers() -> None:
    ints = Returns("int_array")
    assert compare(np.array([1, 2]), Array(np.array([1, 2]), "ndarray"), ints, TOL, "numpy").passed
    assert compare(np.array([1, 2]), nd([1.0, 2.0]), ints, TOL, "numpy").reason == "not_integer"
    assert not compare(np.array([1, 2]), Array(np.array([1, 3]), "ndarray"), ints, TOL, "numpy").passed


def test_tuples_and_dicts_point_at_the_failing_item() -> None:
    spec = Returns("tuple", items=(ARRAY, Returns("float")))
    check = compare((np.array([1.0]), 2.0), (nd([1.0]), 2.5), spec, TOL, "numpy")
    assert (check.passed, check.path, check.reason) == (False, "[1]", "wrong_scalar")
    check = compare({"m": np.array([1.0])}, {}, Returns("dict", fields=(("m", ARRAY),)), TOL, "numpy")
    assert (check.passed, check.reason, check.params) == (False, "missing_key", {"key": "m"})


def test_relative_tolerance_scales_with_the_expected_value() -> None:
    tol = Tolerance(atol=0.0, rtol=1e-3)
    assert compare(np.array([1000.0]), nd([1000.5]), ARRAY, tol, "numpy").passed
    assert not compare(np.array([1.0]), nd([1.01]), ARRAY, tol, "numpy").passed


def test_a_number_asked_for_an_array_given_says_one_number_is_wanted() -> None:
    check = compare(0.5, nd([0.5, 0.5]), Returns("float"), TOL, "numpy")
    assert (check.passed, check.reason) == (False, "not_a_number")
    assert check.params["kind"] == "float" and "ndarray" in check.params["got"]
    assert compare(0.5, nd(0.5), Returns("float"), TOL, "numpy").passed  # a 0-d array is one number
