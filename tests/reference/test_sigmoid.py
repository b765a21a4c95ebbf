"""Pins reference.sigmoid to published values, finite differences, torch.sigmoid and autograd, and the lesson."""

import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.optimize import bisect
from mljudge.reference.sigmoid import EXP_CUTOFF, sigmoid, sigmoid_slope

LESSON = Path(__file__).resolve().parents[2] / "mljudge" / "exercises" / "sigmoid" / "lesson.toml"


def test_published_values():
    # σ(1) = e/(1 + e) and friends, to 16 significant digits.
    assert sigmoid(0.0) == 0.5
    assert sigmoid(1.0) == pytest.approx(0.7310585786300049, rel=1e-15)
    assert sigmoid(-1.0) == pytest.approx(0.2689414213699951, rel=1e-15)
    assert sigmoid(2.0) == pytest.approx(0.8807970779778823, rel=1e-15)
    assert sigmoid(1.0) == pytest.approx(math.e / (1 + math.e), rel=1e-15)
    assert sigmoid(-40.0) == pytest.approx(4.248354255291589e-18, rel=1e-14)
    assert sigmoid(-100.0) == pytest.approx(3.720075976020836e-44, rel=1e-14)


def test_published_rounded_examples():
    np.testing.assert_array_equal(np.round(sigmoid([-2.0, -1.0, 0.0, 1.0, 2.0]), 4),
                                  [0.1192, 0.2689, 0.5, 0.7311, 0.8808])
    np.testing.assert_array_equal(np.round(sigmoid([[-4.0, 4.0], [-0.5, 0.5]]), 4), [[0.0180, 0.9820],
                                                                                    [0.3775, 0.6225]])


def test_symmetry_and_range():
    x = np.linspace(-50.0, 50.0, 10_001)
    s = sigmoid(x)
    # 1 − σ(x) is rounded to the spacing of floats near 1 (≤ 1.1e-16 below it), so allow two of those.
    np.testing.assert_allclose(sigmoid(-x), 1.0 - s, rtol=0, atol=2.3e-16)
    assert np.all((s >= 0.0) & (s <= 1.0))
    assert np.all(np.diff(s) >= 0.0)


def test_slope_at_zero_is_the_largest():
    assert sigmoid_slope(0.0) == 0.25
    x = np.linspace(-20.0, 20.0, 40_001)
    assert np.max(sigmoid_slope(x)) == 0.25
    assert x[np.argmax(sigmoid_slope(x))] == 0.0


def test_slope_is_s_times_one_minus_s():
    x = np.linspace(-30.0, 30.0, 6001)
    s = sigmoid(x)
    np.testing.assert_allclose(sigmoid_slope(x), s * (1.0 - s), rtol=0, atol=2.3e-16)  # same rounding of 1 − σ
    middle = np.abs(x) <= 2.0  # where 1 − σ ≥ 0.12 keeps σ·(1 − σ) relatively accurate
    np.testing.assert_allclose(sigmoid_slope(x)[middle], (s * (1.0 - s))[middle], rtol=1e-14, atol=0)


def test_slope_matches_finite_difference():
    x = np.linspace(-12.0, 12.0, 481)
    h = 1e-5
    np.testing.assert_allclose(sigmoid_slope(x), (sigmoid(x + h) - sigmoid(x - h)) / (2 * h), rtol=0, atol=1e-10)


def test_slope_keeps_its_size_in_the_tail():
    # σ·(1 − σ) rounds to 0 at x = 40; the stable form keeps e^(−40)/(1 + e^(−40))².
    assert sigmoid_slope(40.0) == pytest.approx(math.exp(-40.0), rel=1e-15)
    assert sigmoid_slope(-40.0) == sigmoid_slope(40.0)


def test_matches_torch_sigmoid():
    x = np.linspace(-60.0, 60.0, 240_001)
    theirs = torch.sigmoid(torch.from_numpy(x)).numpy()
    np.testing.assert_allclose(sigmoid(x), theirs, rtol=1e-15, atol=0)  # a few ulps, relative, even in the tails


def test_slope_matches_torch_autograd():
    x = np.linspace(-60.0, 60.0, 24_001)
    t = torch.from_numpy(x).requires_grad_()
    torch.sigmoid(t).sum().backward()
    # autograd uses (1 − σ)·σ, which loses the tail; compare where it still has relative accuracy.
    grad = t.grad.numpy()
    middle = np.abs(x) <= 5.0
    np.testing.assert_allclose(sigmoid_slope(x)[middle], grad[middle], rtol=1e-13, atol=0)
    np.testing.assert_allclose(sigmoid_slope(x), grad, rtol=0, atol=2.3e-16)


@pytest.mark.parametrize("shape", [(2, 3), (2, 3, 4)])
def test_shape_and_dtype_preserved(shape):
    x = np.linspace(-6.0, 6.0, math.prod(shape)).reshape(shape)
    for fn in (sigmoid, sigmoid_slope):
        out = fn(x)
        assert out.shape == shape
        assert out.dtype == np.float64
    np.testing.assert_array_equal(sigmoid(x).ravel(), sigmoid(x.ravel()))


def test_scalar_in_scalar_out_and_nan_propagates():
    assert isinstance(sigmoid(0.3), np.float64)
    assert np.isnan(sigmoid(np.nan))
    assert np.isnan(sigmoid_slope(np.nan))


def test_extreme_inputs_finite_and_silent():
    x = np.array([-1e308, -1000.0, -800.0, -EXP_CUTOFF - 1.0, -EXP_CUTOFF, -100.0, 100.0, 800.0, 1000.0, 1e308])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        values = sigmoid(x)
        slopes = sigmoid_slope(x)
    assert np.all(np.isfinite(values)) and np.all(np.isfinite(slopes))
    np.testing.assert_array_equal(values[[0, 1, 2, 3]], 0.0)
    np.testing.assert_array_equal(values[[6, 7, 8, 9]], 1.0)
    assert values[4] == pytest.approx(math.exp(-EXP_CUTOFF), rel=1e-14)  # the last value kept, still normal
    np.testing.assert_array_equal(slopes[[0, 1, 2, 3, 7, 8, 9]], 0.0)


def test_naive_forms_fail_where_the_exercise_says():
    # The exercise's mistakes rest on these facts about float64.
    with np.errstate(over="ignore", invalid="ignore"):
        x = np.array([-1000.0, 1000.0])
        ratio = np.exp(x) / (1.0 + np.exp(x))
        classic = 1.0 / (1.0 + np.exp(-x))
    assert ratio[0] == 0.0 and np.isnan(ratio[1])          # eˣ/(1 + eˣ): inf/inf at +1000
    np.testing.assert_array_equal(classic, sigmoid(x))     # 1/(1 + e⁻ˣ): right values (with a warning)


def test_lesson_answers_match_the_reference():
    tasks = {t["id"]: {a["id"]: a for a in t["answer"]} for t in tomllib.loads(LESSON.read_text("utf-8"))["task"]}
    steepest = tasks["steepest"]
    assert steepest["x"]["value"] == 0.0
    assert steepest["slope"]["value"] == sigmoid_slope(0.0)
    x99 = bisect(lambda v: sigmoid(v) - 0.99, 0.0, 10.0)
    assert x99 == pytest.approx(math.log(99.0), abs=1e-10)
    answers = tasks["reach-99"]
    assert answers["x"]["value"] == pytest.approx(x99, abs=5e-5)
    assert answers["slope"]["value"] == pytest.approx(float(sigmoid_slope(x99)), abs=5e-6)
