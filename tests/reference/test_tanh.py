"""Pins reference.tanh to published values, np/math/torch tanh, autograd, its sigmoid identity and the lesson."""

import math
import tomllib
import warnings
from pathlib import Path

import numpy as np
import pytest
import torch

from mljudge.reference.optimize import bisect
from mljudge.reference.sigmoid import sigmoid, sigmoid_slope
from mljudge.reference.tanh import TANH_CLIP, tanh, tanh_slope

LESSON = Path(__file__).resolve().parents[2] / "mljudge" / "exercises" / "tanh" / "lesson.toml"


def test_published_values():
    assert tanh(0.0) == 0.0
    assert tanh(1.0) == pytest.approx(0.7615941559557649, rel=1e-15)
    assert tanh(0.5) == pytest.approx(0.46211715726000974, rel=1e-15)
    assert tanh(3.0) == pytest.approx(0.9950547536867305, rel=1e-15)
    assert tanh(1.0) == pytest.approx((math.e**2 - 1) / (math.e**2 + 1), rel=1e-15)


def test_published_rounded_examples():
    np.testing.assert_array_equal(np.round(tanh([-1.0, -0.5, 0.0, 0.5, 1.0]), 4),
                                  [-0.7616, -0.4621, 0.0, 0.4621, 0.7616])
    np.testing.assert_array_equal(np.round(tanh([-3.0, -2.0, 2.0, 3.0]), 4), [-0.9951, -0.9640, 0.9640, 0.9951])


def test_odd_symmetry_sign_of_zero_and_range():
    x = np.linspace(-30.0, 30.0, 6001)
    np.testing.assert_array_equal(tanh(-x), -tanh(x))
    assert math.copysign(1.0, tanh(-0.0)) == -1.0
    assert np.all(np.abs(tanh(x)) <= 1.0)
    assert np.all(np.diff(tanh(x)) >= 0.0)


def test_tiny_inputs_keep_full_relative_accuracy():
    x = np.array([1e-300, 1e-20, 1e-10, 1e-5])
    np.testing.assert_allclose(tanh(x), np.tanh(x), rtol=1e-15, atol=0)


def test_saturates_exactly_past_the_clip():
    assert tanh(19.5) == 1.0
    assert tanh(TANH_CLIP) == 1.0 == float(np.tanh(TANH_CLIP))


@pytest.mark.parametrize("theirs", [np.tanh, lambda x: torch.tanh(torch.from_numpy(x)).numpy()], ids=["numpy", "torch"])
def test_matches_library_tanh_on_dense_grid(theirs):
    x = np.linspace(-25.0, 25.0, 500_001)
    ref = theirs(x)
    np.testing.assert_allclose(tanh(x), ref, rtol=6e-16, atol=0)


def test_matches_math_tanh():
    x = np.linspace(-5.0, 5.0, 1001)
    np.testing.assert_allclose(tanh(x), [math.tanh(v) for v in x], rtol=6e-16, atol=0)


def test_sigmoid_identity():
    # tanh(x) = 2σ(2x) − 1, and the lesson's "half argument" mistake: 2σ(x) − 1 = tanh(x/2).
    x = np.linspace(-20.0, 20.0, 4001)
    # 2σ − 1 doubles σ's rounding near 1 and cancels near 0: equal to a few ulps of 1, absolute.
    np.testing.assert_allclose(tanh(x), 2.0 * sigmoid(2.0 * x) - 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(tanh(x / 2.0), 2.0 * sigmoid(x) - 1.0, rtol=0, atol=1e-15)


def test_slope_identities():
    x = np.linspace(-15.0, 15.0, 3001)
    np.testing.assert_allclose(tanh_slope(x), 1.0 - tanh(x) ** 2, rtol=0, atol=1e-15)
    np.testing.assert_allclose(tanh_slope(x), 4.0 * sigmoid_slope(2.0 * x), rtol=1e-15, atol=0)
    np.testing.assert_allclose(tanh_slope(x), 1.0 / np.cosh(x) ** 2, rtol=1e-13, atol=0)
    assert tanh_slope(0.0) == 1.0
    assert np.max(tanh_slope(x)) == 1.0


def test_slope_matches_finite_difference():
    x = np.linspace(-8.0, 8.0, 321)
    h = 1e-5
    np.testing.assert_allclose(tanh_slope(x), (tanh(x + h) - tanh(x - h)) / (2 * h), rtol=0, atol=1e-10)


def test_slope_matches_torch_autograd():
    x = np.linspace(-25.0, 25.0, 25_001)
    t = torch.from_numpy(x).requires_grad_()
    torch.tanh(t).sum().backward()
    np.testing.assert_allclose(tanh_slope(x), t.grad.numpy(), rtol=0, atol=1e-15)


@pytest.mark.parametrize("shape", [(2, 3), (2, 3, 4)])
def test_shape_and_dtype_preserved(shape):
    x = np.linspace(-3.0, 3.0, math.prod(shape)).reshape(shape)
    for fn in (tanh, tanh_slope):
        out = fn(x)
        assert out.shape == shape
        assert out.dtype == np.float64
    np.testing.assert_array_equal(tanh(x).ravel(), tanh(x.ravel()))


def test_scalar_in_scalar_out_and_nan_propagates():
    assert isinstance(tanh(0.3), np.float64)
    assert np.isnan(tanh(np.nan))
    assert np.isnan(tanh_slope(np.nan))


def test_extreme_inputs_finite_and_silent():
    x = np.array([-1e308, -1000.0, -800.0, -400.0, -20.0, 20.0, 400.0, 800.0, 1000.0, 1e308])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        values = tanh(x)
        slopes = tanh_slope(x)
    np.testing.assert_array_equal(values, [-1.0] * 5 + [1.0] * 5)
    assert np.all(np.isfinite(slopes)) and np.all(slopes >= 0.0)
    np.testing.assert_array_equal(slopes[[0, 1, 2, 3, 6, 7, 8, 9]], 0.0)
    assert slopes[4] == slopes[5] == pytest.approx(4.0 * math.exp(-40.0), rel=1e-14)


def test_naive_forms_fail_where_the_exercise_says():
    # The exercise's overflow mistakes rest on these facts about float64.
    x = np.array([-1000.0, -400.0, 400.0, 1000.0])
    with np.errstate(over="ignore", invalid="ignore"):
        naive = (np.exp(x) - np.exp(-x)) / (np.exp(x) + np.exp(-x))
        e2x = (np.exp(2 * x) - 1) / (np.exp(2 * x) + 1)
        em2x = (1 - np.exp(-2 * x)) / (1 + np.exp(-2 * x))
        hyperbolic = np.sinh(x) / np.cosh(x)
    np.testing.assert_array_equal(np.isnan(naive), [True, False, False, True])
    np.testing.assert_array_equal(np.isnan(hyperbolic), [True, False, False, True])
    np.testing.assert_array_equal(np.isnan(e2x), [False, False, True, True])
    np.testing.assert_array_equal(np.isnan(em2x), [True, True, False, False])


def test_lesson_answers_match_the_reference():
    tasks = {t["id"]: {a["id"]: a for a in t["answer"]} for t in tomllib.loads(LESSON.read_text("utf-8"))["task"]}
    x_sat = bisect(lambda v: tanh_slope(v) - 0.1, 0.0, 5.0)
    assert x_sat == pytest.approx(math.atanh(math.sqrt(0.9)), abs=1e-10)
    saturation = tasks["saturation"]
    assert saturation["x"]["value"] == pytest.approx(x_sat, abs=5e-5)
    assert saturation["value"]["value"] == pytest.approx(float(tanh(x_sat)), abs=5e-5)
    x99 = bisect(lambda v: tanh(v) - 0.99, 0.0, 10.0)
    assert x99 == pytest.approx(math.atanh(0.99), abs=1e-10)
    assert tasks["reach-99"]["x"]["value"] == pytest.approx(x99, abs=5e-5)
