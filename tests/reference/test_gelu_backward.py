"""Pins reference.gelu's backward pass and second derivatives to torch, finite differences and closed forms."""

import math
import warnings

import numpy as np
import pytest
import torch

from mljudge.reference.gelu import (
    gelu_backward,
    gelu_exact_second_derivative,
    gelu_exact_slope,
    gelu_tanh,
    gelu_tanh_second_derivative,
    gelu_tanh_slope,
)
from mljudge.reference.optimize import bisect


def _central_difference(f, x, h=1e-5):
    return (f(x + h) - f(x - h)) / (2 * h)


def test_backward_is_grad_output_times_tanh_slope():
    x = np.linspace(-5.0, 5.0, 101)
    grad = np.cos(3.0 * x) * 2.5
    np.testing.assert_array_equal(gelu_backward(grad, x), grad * gelu_tanh_slope(x))
    np.testing.assert_array_equal(gelu_backward(np.ones_like(x), x), gelu_tanh_slope(x))


def test_backward_published_values():
    # gelu_backward(2, −1) and gelu_backward(3, 2) in the tanh form, and the slope at 0 is exactly ½.
    assert gelu_backward(2.0, -1.0) == pytest.approx(-0.1659282, abs=5e-7)
    assert gelu_backward(3.0, 2.0) == pytest.approx(3.2582978, abs=5e-7)
    assert gelu_backward(-4.0, 0.0) == -2.0


def test_backward_matches_torch_aten_gelu_backward():
    rng = np.random.default_rng(0)
    x = np.linspace(-10.0, 10.0, 20_001)
    grad = rng.normal(0.0, 3.0, x.shape)
    theirs = torch.ops.aten.gelu_backward(torch.from_numpy(grad), torch.from_numpy(x), approximate="tanh")
    assert np.max(np.abs(gelu_backward(grad, x) - theirs.numpy())) < 1e-12


def test_backward_matches_torch_autograd_with_grad_output():
    rng = np.random.default_rng(1)
    x = rng.normal(0.0, 3.0, (64, 32))
    grad = rng.normal(0.0, 2.0, x.shape)
    t = torch.from_numpy(x).requires_grad_()
    torch.nn.functional.gelu(t, approximate="tanh").backward(torch.from_numpy(grad))
    assert np.max(np.abs(gelu_backward(grad, x) - t.grad.numpy())) < 1e-12


def test_backward_keeps_shape_and_refuses_mismatch():
    x = np.linspace(-3.0, 3.0, 24).reshape(2, 3, 4)
    out = gelu_backward(np.full_like(x, 2.0), x)
    assert out.shape == (2, 3, 4)
    assert out.dtype == np.float64
    with pytest.raises(ValueError, match="must match"):
        gelu_backward(np.ones(3), np.ones((3, 1)))


def test_slope_symmetry():
    # gelu(x) − gelu(−x) = x for both forms, so slope(x) + slope(−x) = 1.
    x = np.linspace(0.0, 8.0, 801)
    np.testing.assert_allclose(gelu_tanh_slope(x) + gelu_tanh_slope(-x), 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(gelu_exact_slope(x) + gelu_exact_slope(-x), 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(gelu_tanh(x) - gelu_tanh(-x), x, rtol=0, atol=1e-14)


def test_tanh_second_derivative_matches_finite_difference():
    x = np.linspace(-8.0, 8.0, 1601)
    np.testing.assert_allclose(gelu_tanh_second_derivative(x), _central_difference(gelu_tanh_slope, x),
                               rtol=0, atol=1e-9)


def _true_exact_slope(x):
    # Φ + x·φ with math.erf, free of the A&S error whose own derivative is not φ.
    return np.vectorize(lambda v: 0.5 * (1 + math.erf(v / math.sqrt(2))) + v * math.exp(-v * v / 2)
                        / math.sqrt(2 * math.pi))(x)


def test_exact_second_derivative_matches_finite_difference_of_true_slope():
    x = np.linspace(-8.0, 8.0, 1601)
    np.testing.assert_allclose(gelu_exact_second_derivative(x), _central_difference(_true_exact_slope, x),
                               rtol=0, atol=1e-9)


def test_second_derivatives_match_torch_double_backward():
    x = np.linspace(-6.0, 6.0, 1201)
    for approximate, ours, tol in [("tanh", gelu_tanh_second_derivative, 1e-12),
                                   ("none", gelu_exact_second_derivative, 1e-12)]:
        t = torch.from_numpy(x).requires_grad_()
        (slope,) = torch.autograd.grad(torch.nn.functional.gelu(t, approximate=approximate).sum(), t,
                                       create_graph=True)
        (curv,) = torch.autograd.grad(slope.sum(), t)
        assert np.max(np.abs(ours(x) - curv.numpy())) < tol


@pytest.mark.parametrize(
    ("slope", "curvature", "x_peak", "y_peak"),
    [
        # Exact: φ(x)·(2 − x²) = 0 at x = √2; Φ(√2) + √2·φ(√2) = 1.1289041 (with math.erf).
        pytest.param(gelu_exact_slope, gelu_exact_second_derivative, math.sqrt(2.0), 1.1289041, id="exact"),
        pytest.param(gelu_tanh_slope, gelu_tanh_second_derivative, 1.4185040, 1.1289931, id="tanh"),
    ],
)
def test_slope_peak_and_trough(slope, curvature, x_peak, y_peak):
    peak = bisect(curvature, 0.5, 3.0)
    assert peak == pytest.approx(x_peak, abs=5e-7)
    assert slope(peak) == pytest.approx(y_peak, abs=5e-7)
    trough = bisect(curvature, -3.0, -0.5)
    assert trough == pytest.approx(-x_peak, abs=5e-7)
    assert slope(trough) == pytest.approx(1.0 - y_peak, abs=5e-7)


def test_exact_peak_closed_form():
    r2 = math.sqrt(2.0)
    closed = 0.5 * (1 + math.erf(1.0)) + r2 * math.exp(-1.0) / math.sqrt(2 * math.pi)
    assert closed == pytest.approx(1.1289041, abs=5e-8)
    assert gelu_exact_second_derivative(r2) == pytest.approx(0.0, abs=1e-15)


def test_large_magnitudes_finite_and_silent():
    x = np.array([-1e6, -1000.0, -40.0, -20.0, 20.0, 40.0, 1000.0, 1e6])
    grad = np.array([3.0, -2.0, 1.5, 0.5, 2.0, -1.0, 4.0, 0.25])
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        back = gelu_backward(grad, x)
        curv_t = gelu_tanh_second_derivative(x)
        curv_e = gelu_exact_second_derivative(x)
    np.testing.assert_allclose(back, np.where(x > 0, grad, 0.0), rtol=0, atol=1e-12)
    np.testing.assert_allclose(curv_t, 0.0, rtol=0, atol=1e-12)
    np.testing.assert_allclose(curv_e, 0.0, rtol=0, atol=1e-12)
