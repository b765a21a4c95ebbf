"""Pins reference.softmax to closed-form values, to torch.softmax and to the two-logit sigmoid identity."""

import contextlib
import math
import warnings

import numpy as np
import pytest
import torch

from mljudge.reference.optimize import bisect
from mljudge.reference.softmax import (
    first_of_two,
    first_of_two_slope,
    softmax,
)


@contextlib.contextmanager
def _silent():
    """Fail on any NumPy floating-point event or Python warning inside the block."""
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _torch_softmax(x, temperature=1.0, axis=-1):
    return torch.softmax(torch.from_numpy(np.asarray(x, dtype=np.float64)) / temperature, dim=axis).numpy()


def test_published_values():
    # e^k / (e + e² + e³) for k = 1, 2, 3.
    total = math.e + math.e**2 + math.e**3
    expected = [math.e / total, math.e**2 / total, math.e**3 / total]
    np.testing.assert_allclose(softmax([1.0, 2.0, 3.0]), expected, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(np.round(softmax([1.0, 2.0, 3.0]), 4), [0.0900, 0.2447, 0.6652])
    np.testing.assert_array_equal(np.round(softmax([2.0, 1.0, 0.0], 0.5), 4), [0.8668, 0.1173, 0.0159])
    np.testing.assert_array_equal(np.round(softmax([2.0, 1.0, 0.0], 2.0), 4), [0.5065, 0.3072, 0.1863])


def test_uniform_and_shift_invariance():
    np.testing.assert_allclose(softmax([[1.0, 1.0, 1.0]]), [[1 / 3] * 3], rtol=0, atol=1e-15)
    x = np.array([0.3, -1.2, 2.5, 0.0])
    np.testing.assert_allclose(softmax(x + 123.0), softmax(x), rtol=0, atol=1e-15)
    np.testing.assert_allclose(softmax([1000.0, 999.0, 998.0]), softmax([2.0, 1.0, 0.0]), rtol=0, atol=1e-15)


@pytest.mark.parametrize("temperature", [1e-3, 0.3, 1.0, 2.5, 100.0])
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2])
def test_matches_torch_on_3d(axis, temperature):
    x = np.random.default_rng(7).normal(0.0, 4.0, size=(5, 6, 7))
    ours = softmax(x, temperature, axis)
    np.testing.assert_allclose(ours, _torch_softmax(x, temperature, axis), rtol=0, atol=1e-14)
    np.testing.assert_allclose(ours.sum(axis=axis), 1.0, rtol=0, atol=1e-14)
    assert ours.shape == x.shape
    assert ours.dtype == np.float64


def test_matches_torch_on_dense_grid():
    # Two logits on a dense grid of differences, at several temperatures: the case the lesson plots.
    d = np.linspace(-50.0, 50.0, 100_001)
    pair = np.stack([d, np.zeros_like(d)], axis=-1)
    for temperature in (0.5, 1.0, 2.0):
        np.testing.assert_allclose(softmax(pair, temperature), _torch_softmax(pair, temperature),
                                   rtol=0, atol=1e-15)


def test_axis_is_respected():
    x = np.arange(24, dtype=np.float64).reshape(2, 3, 4)
    for axis in range(3):
        assert np.allclose(softmax(x, axis=axis).sum(axis=axis), 1.0)
    # Not the same as normalising the last axis.
    assert not np.allclose(softmax(x, axis=0), softmax(x, axis=-1))


def test_extremes_are_finite_and_silent():
    x = np.array([[1000.0, 999.0, 998.0], [-1000.0, -1001.0, -1002.0], [1000.0, -1000.0, 0.0]])
    with _silent():
        plain = softmax(x)
        cold = softmax(np.array([[2.0, 1.0, 0.0], [0.5, 0.495, 0.0], [-3.0, 5.0, 4.998]]), 1e-3)
        tiny = softmax(np.array([1e300, -1e300 / 2]), 1e-300)
        hot = softmax(np.array([-1e6, 1e6]), 1e300)
        wide = softmax(np.linspace(-1e4, 0.0, 10_001))
    for p in (plain, cold, tiny, hot, wide):
        assert np.all(np.isfinite(p))
        assert np.all(p >= 0.0)
    np.testing.assert_allclose(plain[0], [0.66524096, 0.24472847, 0.09003057], rtol=0, atol=5e-9)
    np.testing.assert_allclose(plain[1], plain[0], rtol=0, atol=1e-15)
    np.testing.assert_array_equal(plain[2], [1.0, 0.0, 0.0])
    # Temperature 0.001: differences of 1, 0.005 and 0.002 become 1000, 5 and 2.
    np.testing.assert_allclose(cold[0], [1.0, 0.0, 0.0], rtol=0, atol=1e-15)
    sigma = lambda v: 1.0 / (1.0 + math.exp(-v))  # noqa: E731
    np.testing.assert_allclose(cold[1, :2], [sigma(5.0), 1 - sigma(5.0)], rtol=0, atol=1e-9)
    np.testing.assert_allclose(cold[2, 1:], [sigma(2.0), 1 - sigma(2.0)], rtol=0, atol=1e-9)
    np.testing.assert_array_equal(tiny, [1.0, 0.0])
    np.testing.assert_allclose(hot, [0.5, 0.5], rtol=0, atol=1e-15)
    assert wide[-1] == pytest.approx(1.0 - math.exp(-1.0), abs=1e-12)


def test_temperature_limits():
    x = np.array([2.0, 1.0, 0.0])
    np.testing.assert_allclose(softmax(x, 1e-3), [1.0, 0.0, 0.0], rtol=0, atol=1e-300)
    np.testing.assert_allclose(softmax(x, 1e6), [1 / 3] * 3, rtol=0, atol=1e-6)


def test_rejects_bad_temperature_and_scalars():
    for bad in (0.0, -1.0, float("nan")):
        with pytest.raises(ValueError, match="temperature"):
            softmax([1.0, 2.0], bad)
    with pytest.raises(ValueError, match="axis"):
        softmax(3.0)


def test_two_logits_are_a_sigmoid_of_the_scaled_difference():
    d = np.linspace(-8.0, 8.0, 161)
    for temperature in (0.5, 1.0, 2.0):
        expected = np.array([1.0 / (1.0 + math.exp(-v / temperature)) for v in d])
        np.testing.assert_allclose(first_of_two(d, temperature), expected, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(first_of_two(d, 1.0), first_of_two(d, 1.0))
    np.testing.assert_array_equal(first_of_two(d, 0.5), first_of_two(d, 0.5))
    np.testing.assert_array_equal(first_of_two(d, 2.0), first_of_two(d, 2.0))
    # Temperature only rescales the axis.
    np.testing.assert_allclose(first_of_two(d, 0.5), first_of_two(2.0 * d, 1.0), rtol=0, atol=1e-15)
    assert first_of_two(0.0) == 0.5
    assert isinstance(first_of_two(0.0), np.float64)


def test_slope_matches_finite_difference():
    d = np.linspace(-6.0, 6.0, 1201)
    h = 1e-5
    for temperature in (0.5, 1.0, 2.0):
        numeric = (first_of_two(d + h, temperature) - first_of_two(d - h, temperature)) / (2 * h)
        np.testing.assert_allclose(first_of_two_slope(d, temperature), numeric, rtol=0, atol=1e-9)
    assert first_of_two_slope(0.0, 1.0) == pytest.approx(0.25, abs=1e-15)
    np.testing.assert_array_equal(first_of_two_slope(d, 1.0), first_of_two_slope(d, 1.0))


def test_slope_matches_torch_autograd():
    d = np.linspace(-6.0, 6.0, 1201)
    for temperature in (0.5, 1.0, 2.0):
        t = torch.from_numpy(d).requires_grad_()
        pair = torch.stack([t, torch.zeros_like(t)], dim=-1)
        torch.softmax(pair / temperature, dim=-1)[:, 0].sum().backward()
        np.testing.assert_allclose(first_of_two_slope(d, temperature), t.grad.numpy(), rtol=0, atol=1e-15)


def test_plot_curves_are_silent_far_out():
    # Beyond 2·690 the T = 2 curve is exactly 0 or 1; the slope is exactly 0 there.
    d = np.array([-1e6, -2000.0, 2000.0, 1e6])
    with _silent():
        values = [first_of_two(d, t) for t in (1.0, 0.5, 2.0)] + [first_of_two_slope(d, 1.0)]
    for v in values[:3]:
        np.testing.assert_array_equal(v, [0.0, 0.0, 1.0, 1.0])
    np.testing.assert_array_equal(values[3], [0.0, 0.0, 0.0, 0.0])


def test_lesson_task_answers():
    # Task 1: a difference of 2 at T = 0.5, 1, 2.
    assert first_of_two(2.0, 0.5) == pytest.approx(0.98201, abs=5e-6)
    assert first_of_two(2.0, 1.0) == pytest.approx(0.88080, abs=5e-6)
    assert first_of_two(2.0, 2.0) == pytest.approx(0.73106, abs=5e-6)
    # Task 2: P = 0.9 at T = 1 when d = ln 9; logits [1, 0] need T = 1/ln 9.
    d90 = bisect(lambda v: first_of_two(v, 1.0) - 0.9, 0.0, 6.0)
    assert d90 == pytest.approx(math.log(9.0), abs=1e-9)
    assert d90 == pytest.approx(2.19722, abs=5e-6)
    t90 = bisect(lambda t: softmax([1.0, 0.0], t)[0] - 0.9, 0.1, 2.0)
    assert t90 == pytest.approx(1.0 / math.log(9.0), abs=1e-9)
    assert t90 == pytest.approx(0.45512, abs=5e-6)
    # The explanation's three-class figure: [2, 1, 0] reaches 0.9 at T ≈ 0.436.
    t3 = bisect(lambda t: softmax([2.0, 1.0, 0.0], t)[0] - 0.9, 0.1, 2.0)
    u = (-1.0 + math.sqrt(1.0 + 4.0 / 9.0)) / 2.0  # e^{-1/T} solves u + u² = 1/9
    assert t3 == pytest.approx(-1.0 / math.log(u), abs=1e-9)
    assert round(t3, 3) == 0.436
