"""Pins reference.swish to closed-form values, finite differences and torch (SiLU, sigmoid, autograd)."""

import math
import warnings

import numpy as np
import pytest
import torch

from mljudge.reference.optimize import curve_minimum
from mljudge.reference.swish import (
    swish,
    swish_slope,
)

ABS = 5e-7
BETAS = [0.0, 0.5, 1.0, 1.702, 2.0, 10.0]
# W(1/e), the Lambert-W value with w·e^w = 1/e: SiLU's minimum is at x = −1 − w, where SiLU = −w.
W_INV_E = 0.2784645427610738


def test_published_values():
    assert swish(0.0) == 0.0
    assert swish(1.0) == pytest.approx(0.7310586, abs=ABS)      # σ(1)
    assert swish(-1.0) == pytest.approx(-0.2689414, abs=ABS)    # −σ(−1)
    assert swish(2.0) == pytest.approx(1.7615942, abs=ABS)
    assert swish(1.0, beta=2.0) == pytest.approx(0.8807971, abs=ABS)  # σ(2)
    assert swish_slope(1.0) == pytest.approx(0.9276705, abs=ABS)


@pytest.mark.parametrize("beta", BETAS)
def test_at_zero(beta):
    assert swish(0.0, beta) == 0.0
    assert swish_slope(0.0, beta) == 0.5


def test_beta_zero_is_half_x():
    x = np.linspace(-50.0, 50.0, 101)
    np.testing.assert_array_equal(swish(x, beta=0.0), 0.5 * x)
    np.testing.assert_array_equal(swish_slope(x, beta=0.0), np.full_like(x, 0.5))


def test_default_beta_is_one():
    x = np.linspace(-6.0, 6.0, 121)
    np.testing.assert_array_equal(swish(x), swish(x, 1.0))
    np.testing.assert_array_equal(swish_slope(x), swish_slope(x, 1.0))


def test_large_beta_approaches_relu():
    x = np.array([-2.0, -0.5, 0.5, 2.0])
    np.testing.assert_allclose(swish(x, beta=100.0), np.maximum(x, 0.0), rtol=0, atol=1e-20)


def test_lambert_w_constant():
    assert W_INV_E * math.exp(W_INV_E) == pytest.approx(math.exp(-1.0), abs=1e-16)


@pytest.mark.parametrize("beta", [0.5, 1.0, 1.702, 2.0, 10.0])
def test_minimum_scales_with_one_over_beta(beta):
    # swish_β(x) = silu(βx)/β, so the minimum sits at (−1 − w)/β with value −w/β.
    x, y = curve_minimum(lambda v: swish(v, beta), lambda v: swish_slope(v, beta), -10.0, 0.0)
    assert x == pytest.approx((-1.0 - W_INV_E) / beta, abs=1e-9)
    assert y == pytest.approx(-W_INV_E / beta, abs=1e-12)


def test_minimum_value_is_x_plus_one():
    x, y = curve_minimum(swish, swish_slope, -3.0, 0.0)
    assert y == pytest.approx(x + 1.0, abs=1e-12)
    assert x == pytest.approx(-1.2784645, abs=ABS)
    assert y == pytest.approx(-0.2784645, abs=ABS)


@pytest.mark.parametrize("beta", BETAS)
def test_slope_matches_finite_difference(beta):
    x = np.linspace(-8.0, 8.0, 321)
    h = 1e-6
    fd = (swish(x + h, beta) - swish(x - h, beta)) / (2 * h)
    np.testing.assert_allclose(swish_slope(x, beta), fd, rtol=0, atol=1e-8)


def test_matches_torch_silu():
    x = np.linspace(-40.0, 40.0, 200_001)
    theirs = torch.nn.functional.silu(torch.from_numpy(x)).numpy()
    assert np.max(np.abs(swish(x) - theirs)) < 1e-13


@pytest.mark.parametrize("beta", BETAS)
def test_matches_torch_sigmoid_and_autograd(beta):
    x = np.linspace(-40.0, 40.0, 40_001)
    t = torch.from_numpy(x).requires_grad_()
    y = t * torch.sigmoid(beta * t)
    y.sum().backward()
    assert np.max(np.abs(swish(x, beta) - y.detach().numpy())) < 1e-12
    assert np.max(np.abs(swish_slope(x, beta) - t.grad.numpy())) < 1e-12


@pytest.mark.parametrize("shape", [(), (5,), (2, 3), (2, 3, 4)])
def test_shape_preserved(shape):
    x = np.linspace(-4.0, 4.0, math.prod(shape)).reshape(shape)
    for out in (swish(x, 0.5), swish_slope(x, 0.5)):
        assert np.shape(out) == shape
        assert out.dtype == np.float64
    assert isinstance(swish(1.0), np.float64)


@pytest.mark.parametrize("beta", [*BETAS, 1e3])
def test_large_magnitudes_finite_and_silent(beta):
    x = np.array([-1e6, -1000.0, -700.0, -50.0, -20.0, 20.0, 50.0, 700.0, 1000.0, 1e6])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        values = swish(x, beta)
        slopes = swish_slope(x, beta)
    assert np.all(np.isfinite(values))
    assert np.all(np.isfinite(slopes))
    if beta >= 0.5:
        np.testing.assert_allclose(values[[0, 1, 2, 8, 9]], [0.0, 0.0, 0.0, 1000.0, 1e6], rtol=0, atol=1e-12)
        np.testing.assert_allclose(slopes[[0, 1, 9]], [0.0, 0.0, 1.0], rtol=0, atol=1e-12)


def test_fixed_beta_curves_for_the_lesson():
    x = np.linspace(-6.0, 4.0, 1001)
    np.testing.assert_array_equal(swish(x, 0.5), swish(x, 0.5))
    np.testing.assert_array_equal(swish(x, 2.0), swish(x, 2.0))
    np.testing.assert_array_equal(swish_slope(x, 2.0), swish_slope(x, 2.0))
