"""Pins reference.elu to closed-form values, finite differences and torch.nn.functional.elu (and its autograd)."""

import math
import warnings

import numpy as np
import pytest
import torch

from mljudge.reference.elu import (
    elu,
    elu_slope,
)

ALPHAS = [1.0, 0.5, 2.0, 1.6732632423543772]  # the last is SELU's α


def test_published_values():
    assert elu(1.0) == 1.0
    assert elu(0.0) == 0.0
    assert elu(-1.0) == pytest.approx(math.exp(-1.0) - 1.0, abs=1e-16)
    assert elu(-1.0) == pytest.approx(-0.6321206, abs=5e-7)
    assert elu(-1.0, alpha=0.5) == pytest.approx(-0.3160603, abs=5e-7)
    assert elu(-math.log(2.0)) == pytest.approx(-0.5, abs=1e-16)
    assert elu(2.5, alpha=0.5) == 2.5


@pytest.mark.parametrize("alpha", ALPHAS)
def test_floor_is_minus_alpha(alpha):
    x = np.array([-1e6, -1000.0, -40.0])
    np.testing.assert_array_equal(elu(x, alpha), np.full(3, -alpha))


@pytest.mark.parametrize("alpha", ALPHAS)
def test_slope_at_zero_from_each_side(alpha):
    assert elu_slope(0.0, alpha) == alpha           # x ≤ 0 branch, as torch does
    assert elu_slope(1e-12, alpha) == 1.0
    assert elu_slope(-1e-12, alpha) == pytest.approx(alpha, abs=1e-11)


def test_expm1_precision_near_zero():
    # eˣ − 1 would lose half the digits at x = −1e-10; expm1 keeps them.
    assert elu(-1e-10) == pytest.approx(-1e-10, rel=1e-9)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_negative_side_slope_is_value_plus_alpha(alpha):
    x = np.linspace(-10.0, 0.0, 1001)
    np.testing.assert_allclose(elu_slope(x, alpha), elu(x, alpha) + alpha, rtol=0, atol=1e-15)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_slope_matches_finite_difference(alpha):
    x = np.concatenate([np.linspace(-8.0, -0.01, 400), np.linspace(0.01, 8.0, 400)])  # away from the kink
    h = 1e-6
    fd = (elu(x + h, alpha) - elu(x - h, alpha)) / (2 * h)
    np.testing.assert_allclose(elu_slope(x, alpha), fd, rtol=0, atol=1e-8)


@pytest.mark.parametrize("alpha", ALPHAS)
def test_matches_torch_elu_and_autograd(alpha):
    x = np.linspace(-50.0, 50.0, 100_001)  # contains 0 exactly
    assert 0.0 in x
    t = torch.from_numpy(x).requires_grad_()
    y = torch.nn.functional.elu(t, alpha=alpha)
    y.sum().backward()
    assert np.max(np.abs(elu(x, alpha) - y.detach().numpy())) < 1e-15
    assert np.max(np.abs(elu_slope(x, alpha) - t.grad.numpy())) < 1e-15


@pytest.mark.parametrize("shape", [(), (5,), (2, 3), (2, 3, 4)])
def test_shape_preserved(shape):
    x = np.linspace(-4.0, 4.0, math.prod(shape)).reshape(shape)
    for out in (elu(x, 0.5), elu_slope(x, 0.5)):
        assert np.shape(out) == shape
        assert out.dtype == np.float64
    assert isinstance(elu(1.0), np.float64)


def test_integer_input_is_converted():
    np.testing.assert_allclose(elu([-2, -1, 0, 1, 2]), [math.expm1(-2), math.expm1(-1), 0.0, 1.0, 2.0])


@pytest.mark.parametrize("alpha", ALPHAS)
def test_large_magnitudes_finite_and_silent(alpha):
    x = np.array([-1e6, -1000.0, -700.0, -600.5, -50.0, 50.0, 700.0, 1000.0, 1e6])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        values = elu(x, alpha)
        slopes = elu_slope(x, alpha)
    np.testing.assert_allclose(values, np.where(x > 0, x, -alpha), rtol=0, atol=1e-15)
    np.testing.assert_allclose(slopes, np.where(x > 0, 1.0, 0.0), rtol=0, atol=1e-20)


def test_fixed_alpha_curves_for_the_lesson():
    x = np.linspace(-5.0, 3.0, 801)
    np.testing.assert_array_equal(elu(x, 0.5), elu(x, 0.5))
    np.testing.assert_array_equal(elu_slope(x, 0.5), elu_slope(x, 0.5))
