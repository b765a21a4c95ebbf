"""Pins reference.dropout: the trusted realisation, the property test `explain` (which the dropout exercise's
checker and mistake predicates rely on), and the lesson's curves, cross-checked against torch's dropout."""

import math
import warnings

import numpy as np
import pytest
import torch

from mljudge.reference.dropout import (
    SIGMAS,
    STAT_MIN_SIZE,
    dropout,
    explain,
    keep_fraction,
    mean_ratio,
    noise_ratio,
    survivor_scale,
)
from mljudge.reference.optimize import bisect

X = np.array([[1.0, -2.0, 3.0], [0.5, 0.0, -4.0]])


def _silent(fn, *args, **kwargs):
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        return fn(*args, **kwargs)


def test_identity_when_not_training_or_p_zero():
    for out in (dropout(X, 0.5, training=False), dropout(X, 0.0)):
        np.testing.assert_array_equal(out, X)
        assert out is not X
        assert not np.shares_memory(out, X)


def test_all_zeros_at_p_one_without_division():
    out = _silent(dropout, X, 1.0)
    np.testing.assert_array_equal(out, np.zeros_like(X))
    assert out.shape == X.shape and out.dtype == np.float64


def test_mask_comes_from_the_seed():
    x = np.full(5, 4.0)
    np.testing.assert_array_equal(dropout(x, 0.2, seed=0), [5.0, 5.0, 0.0, 0.0, 5.0])  # the prompt's example
    keep = np.random.default_rng(123).random((40, 50)) >= 0.3
    x = np.random.default_rng(1).normal(size=(40, 50))
    np.testing.assert_array_equal(dropout(x, 0.3, seed=123), np.where(keep, x / 0.7, 0.0))
    np.testing.assert_array_equal(dropout(x, 0.3, seed=123), dropout(x, 0.3, seed=123))
    assert not np.array_equal(dropout(x, 0.3, seed=123), dropout(x, 0.3, seed=124))


def test_rejects_p_outside_unit_interval():
    for p in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="p must be"):
            dropout(X, p)


@pytest.mark.parametrize("p", [0.1, 0.2, 0.3, 0.75, 0.9])
def test_realisation_has_the_dropout_properties(p):
    x = np.random.default_rng(2).uniform(0.5, 3.0, size=100_000)
    out = _silent(dropout, x, p, seed=9)
    fit = explain(out, x, 1.0 - p, 1.0 / (1.0 - p))
    assert fit.ok
    assert fit.decisive == x.size
    assert fit.band == pytest.approx(SIGMAS * math.sqrt(p * (1 - p) / x.size))
    # Inverted dropout keeps the mean: E[out] = x, so the average ratio is 1 within a few standard errors.
    assert np.mean(out / x) == pytest.approx(1.0, abs=5 * math.sqrt(p / (1 - p) / x.size))


@pytest.mark.parametrize("p", [0.2, 0.5, 0.8])
def test_torch_dropout_has_the_same_properties(p):
    # Another random stream, so other elements: what must agree is the set of values and the share dropped.
    torch.manual_seed(0)
    x = np.random.default_rng(3).uniform(-3.0, -0.5, size=50_000)
    theirs = torch.nn.functional.dropout(torch.from_numpy(x), p=p, training=True).numpy()
    assert explain(theirs, x, 1.0 - p, 1.0 / (1.0 - p)).ok
    ours = dropout(x, p, seed=0)
    assert set(np.unique(np.round(theirs / x, 9))) == set(np.unique(np.round(ours / x, 9)))
    np.testing.assert_array_equal(torch.nn.functional.dropout(torch.from_numpy(x), p=p, training=False).numpy(),
                                  dropout(x, p, training=False))
    np.testing.assert_array_equal(torch.nn.functional.dropout(torch.from_numpy(x), p=1.0).numpy(), dropout(x, 1.0))


def test_explain_rejects_the_known_mistakes():
    p = 0.3
    x = np.random.default_rng(4).uniform(0.5, 3.0, size=20_000)
    keep = np.random.default_rng(5).random(x.shape) >= p
    right, no_scale, by_p = np.where(keep, x / (1 - p), 0.0), x * keep, x * keep / p
    swapped = np.where(~keep, x / (1 - p), 0.0)  # keeps with probability p
    assert explain(right, x, 1 - p, 1 / (1 - p)).ok
    assert not explain(no_scale, x, 1 - p, 1 / (1 - p)).values_ok
    assert explain(no_scale, x, 1 - p, 1.0).ok
    assert not explain(by_p, x, 1 - p, 1 / (1 - p)).values_ok
    assert explain(by_p, x, 1 - p, 1 / p).ok
    fit = explain(swapped, x, 1 - p, 1 / (1 - p))
    assert fit.values_ok and not fit.share_ok
    assert explain(swapped, x, p, 1 / (1 - p)).ok
    # Small inputs: the share is not tested, values still are.
    fit = explain(swapped[:STAT_MIN_SIZE - 1], x[:STAT_MIN_SIZE - 1], 1 - p, 1 / (1 - p))
    assert fit.ok and fit.band == math.inf


def test_explain_handles_zeros_infinities_and_nan():
    x = np.array([0.0, 1.5, 0.0, -2.0])
    # Genuine zeros fit both "dropped" and "kept" and are left out of the share.
    fit = explain(np.array([0.0, 2.5, 0.0, 0.0]), x, 0.6, 1 / 0.6)
    assert fit.ok and fit.decisive == 2 and fit.kept == 1
    # Dividing by p = 0: x/0 is ±inf, 0/0 is NaN; both are what that mistake produces.
    with np.errstate(all="ignore"):
        by_zero = x / 0.0
    assert explain(by_zero, x, 1.0, math.inf).ok
    assert explain(np.full(4, np.nan), x, 0.0, math.inf).ok
    # ... but NaN is never a dropped unit for a finite scale.
    assert not explain(np.array([np.nan, 0.0, 0.0, 0.0]), x, 0.5, 2.0).values_ok
    # keep_prob 0 or 1 is exact, whatever the size.
    assert not explain(np.array([0.0, 0.0, 0.0, -2.0]), x, 0.0, 1.0).share_ok
    assert explain(x, x, 1.0, 1.0).ok
    with pytest.raises(ValueError, match="shape"):
        explain(np.zeros(3), x, 0.5, 2.0)


def test_curve_values():
    assert keep_fraction(0.2) == pytest.approx(0.8, abs=1e-15)
    assert survivor_scale(0.2) == pytest.approx(1.25, abs=1e-15)
    assert noise_ratio(0.5) == pytest.approx(1.0, abs=1e-15)
    assert noise_ratio(0.8) == pytest.approx(2.0, abs=1e-14)
    assert survivor_scale(0.9) == pytest.approx(10.0, abs=1e-12)
    assert noise_ratio(0.0) == 0.0 and survivor_scale(0.0) == 1.0
    with pytest.raises(ValueError):
        survivor_scale(1.0)


def test_curves_on_the_plot_grid():
    p = np.linspace(0.0, 0.9, 901)
    values = [_silent(f, p) for f in (keep_fraction, survivor_scale, mean_ratio, noise_ratio)]
    for v in values:
        assert v.shape == p.shape and np.all(np.isfinite(v))
    np.testing.assert_allclose(values[2], 1.0, rtol=0, atol=1e-15)
    np.testing.assert_allclose(values[0] * values[1], 1.0, rtol=0, atol=1e-15)
    assert np.all(np.diff(values[1]) > 0) and np.all(np.diff(values[3]) > 0)


@pytest.mark.parametrize("p", [0.1, 0.5, 0.8])
def test_noise_ratio_matches_the_spread_of_dropout_outputs(p):
    x = np.full(400_000, 2.0)
    ours = dropout(x, p, seed=11)
    torch.manual_seed(1)
    theirs = torch.nn.functional.dropout(torch.from_numpy(x), p=p).numpy()
    for out in (ours, theirs):
        assert out.mean() / 2.0 == pytest.approx(mean_ratio(p), abs=0.01 * (1 + noise_ratio(p)))
        assert out.std() / 2.0 == pytest.approx(noise_ratio(p), rel=0.01)


def test_lesson_task_answers():
    assert (keep_fraction(0.2), survivor_scale(0.2)) == pytest.approx((0.8, 1.25), abs=1e-12)
    assert bisect(lambda p: noise_ratio(p) - 1.0, 0.0, 0.9) == pytest.approx(0.5, abs=1e-9)
    assert noise_ratio(0.8) == pytest.approx(2.0, abs=1e-12)
