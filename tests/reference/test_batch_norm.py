"""Pins reference.batch_norm to hand-computed values, to exact rational arithmetic, to
torch.nn.functional.batch_norm in training mode, and pins the lesson's densities, batch and task answers."""

import contextlib
import json
import math
import warnings
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import pytest
import torch
import torch.nn.functional as F

from mljudge.reference.batch_norm import (
    BETA,
    GAMMA,
    batch_norm,
    batch_stats,
    feature_density,
    lesson_batch,
    normalised_density,
    panel,
    rescaled_density,
)


@contextlib.contextmanager
def _silent():
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        yield


def _torch_batch_norm(x, gamma, beta, eps=1e-5):
    t = lambda a: torch.from_numpy(np.asarray(a, dtype=np.float64))  # noqa: E731
    return F.batch_norm(t(x), None, None, t(gamma), t(beta), training=True, eps=eps).numpy()


def _exact(x, gamma, beta, eps):
    """Each float input taken as the exact rational it is; mean and variance in fractions, the root in 40-digit
    decimals: an answer independent of any floating-point summation order."""
    getcontext().prec = 40
    x = np.asarray(x, dtype=np.float64)
    n, d = x.shape
    out = np.empty_like(x)
    for j in range(d):
        column = [Fraction(float(v)) for v in x[:, j]]
        mean = sum(column) / n
        var = sum((v - mean) ** 2 for v in column) / n
        root = (Decimal(var.numerator) / Decimal(var.denominator) + Decimal(Fraction(eps).numerator)
                / Decimal(Fraction(eps).denominator)).sqrt()
        for i, v in enumerate(column):
            deviation = Decimal((v - mean).numerator) / Decimal((v - mean).denominator)
            out[i, j] = float(Decimal(float(gamma[j])) * deviation / root + Decimal(float(beta[j])))
    return out


def test_published_examples():
    # Example 1: two features on different scales normalise to the same column; eps barely shows.
    x = np.array([[1.0, 2.0], [3.0, 6.0], [5.0, 10.0]])
    out = batch_norm(x, [1.0, 1.0], [0.0, 0.0])
    z = math.sqrt(1.5)  # (5 − 3)/√(8/3) = √(3/2); eps moves it by about 3e-6 and 6e-7
    np.testing.assert_allclose(out[:, 0], [-z, 0.0, z], rtol=0, atol=5e-6)
    np.testing.assert_allclose(out[:, 1], [-z, 0.0, z], rtol=0, atol=1e-6)
    assert out[2, 0] == pytest.approx(2.0 / math.sqrt(8.0 / 3.0 + 1e-5), abs=1e-15)
    assert out[2, 1] == pytest.approx(4.0 / math.sqrt(32.0 / 3.0 + 1e-5), abs=1e-15)
    np.testing.assert_array_equal(np.round(out, 4), [[-1.2247, -1.2247], [0.0, 0.0], [1.2247, 1.2247]])
    # Example 2: γ = [2, 0.5], β = [1, −1] scale and shift each normalised column.
    out = batch_norm(np.array([[0.0, 10.0], [2.0, 30.0], [4.0, 20.0], [6.0, 40.0]]), [2.0, 0.5], [1.0, -1.0])
    raw = np.array([-3.0, -1.0, 1.0, 3.0]) / math.sqrt(5.0)  # x̂ of 0, 2, 4, 6 (and of 10, 30, 20, 40 reordered)
    np.testing.assert_allclose(out[:, 0], 2.0 * raw + 1.0, rtol=0, atol=1e-5)
    np.testing.assert_allclose(out[:, 1], 0.5 * raw[[0, 2, 1, 3]] - 1.0, rtol=0, atol=1e-6)


@pytest.mark.parametrize("eps", [1e-5, 1e-3, 0.1, 1.0])
@pytest.mark.parametrize("shape", [(2, 1), (3, 4), (4, 4), (16, 3), (64, 10), (257, 2)])
def test_matches_torch_and_exact_arithmetic(shape, eps):
    rng = np.random.default_rng(hash((shape, eps)) % 2**32)
    x = rng.normal(rng.normal(0.0, 10.0, shape[1]), rng.uniform(0.1, 5.0, shape[1]), shape)
    gamma, beta = rng.normal(size=shape[1]), rng.normal(size=shape[1])
    ours = batch_norm(x, gamma, beta, eps)
    np.testing.assert_allclose(ours, _torch_batch_norm(x, gamma, beta, eps), rtol=0, atol=1e-12)
    if shape[0] <= 64:
        np.testing.assert_allclose(ours, _exact(x, gamma, beta, eps), rtol=0, atol=1e-13)
    assert ours.shape == shape and ours.dtype == np.float64


def test_biased_variance_and_eps_inside_the_root():
    # [1, 2, 3] with eps = 1: (3 − 2)/√(2/3 + 1) = √(3/5); N − 1 or eps outside the root give other numbers.
    out = batch_norm(np.array([[1.0], [2.0], [3.0]]), [1.0], [0.0], eps=1.0)
    assert out[2, 0] == pytest.approx(math.sqrt(0.6), abs=1e-15)
    assert round(out[2, 0], 4) == 0.7746
    assert round(1.0 / math.sqrt(1.0 + 1.0), 4) == 0.7071  # unbiased variance 1
    assert round(1.0 / (math.sqrt(2.0 / 3.0) + 1.0), 4) == 0.5505  # eps added to the standard deviation
    mean, var = batch_stats(np.array([[1.0, 5.0], [2.0, 5.0], [3.0, 5.0]]))
    np.testing.assert_allclose(mean, [2.0, 5.0], rtol=0, atol=0)
    np.testing.assert_allclose(var, [2.0 / 3.0, 0.0], rtol=0, atol=1e-16)


def test_a_constant_feature_gives_beta_for_any_eps():
    x = np.column_stack([np.full(6, 5.0), np.arange(6.0)])
    with _silent():
        for eps in (1e-5, 0.0):
            out = batch_norm(x, [3.0, 1.0], [0.25, 0.0], eps)
            np.testing.assert_array_equal(out[:, 0], 0.25)
            assert np.all(np.isfinite(out))
    # eps = 0 on a varying feature is the plain standardisation.
    z = batch_norm(x, [3.0, 1.0], [0.25, 0.0], 0.0)[:, 1]
    np.testing.assert_allclose(z, (np.arange(6.0) - 2.5) / np.std(np.arange(6.0)), rtol=0, atol=1e-15)


@pytest.mark.parametrize(("offset", "spread"), [(1e5, 0.05), (-2e4, 0.01), (1e8, 10.0)])
def test_a_feature_far_from_zero_keeps_its_digits(offset, spread):
    """Two passes keep the answer to ~1e-9 where E[x²] − E[x]² loses it (and torch agrees with us)."""
    rng = np.random.default_rng(17)
    x = offset + spread * rng.normal(size=(64, 3))
    gamma, beta = np.ones(3), np.zeros(3)
    ours = batch_norm(x, gamma, beta)
    exact = _exact(x, gamma, beta, 1e-5)
    np.testing.assert_allclose(ours, exact, rtol=0, atol=1e-8)
    np.testing.assert_allclose(_torch_batch_norm(x, gamma, beta), exact, rtol=0, atol=1e-8)
    mean = x.mean(axis=0)
    one_pass = (x - mean) / np.sqrt(np.maximum((x**2).mean(axis=0) - mean**2, 0.0) + 1e-5)
    assert np.abs(one_pass - exact).max() > 1e-3  # why the exercise has a case like this


def test_inputs_left_alone_and_bad_shapes_refused():
    x, gamma, beta = np.arange(6.0).reshape(3, 2), np.ones(2), np.zeros(2)
    before = x.copy(), gamma.copy(), beta.copy()
    out = batch_norm(x, gamma, beta)
    for arg, copy in zip((x, gamma, beta), before, strict=True):
        np.testing.assert_array_equal(arg, copy)
        assert not np.shares_memory(out, arg)
    with pytest.raises(ValueError, match="2-D"):
        batch_norm(np.zeros(4), np.ones(4), np.zeros(4))
    with pytest.raises(ValueError, match="gamma"):
        batch_norm(np.zeros((3, 2)), np.ones(3), np.zeros(2))
    with pytest.raises(ValueError, match="beta"):
        batch_norm(np.zeros((3, 2)), np.ones(2), np.zeros((1, 2)))
    with pytest.raises(ValueError, match="eps"):
        batch_norm(x, gamma, beta, -1.0)


def test_lesson_densities():
    x = np.linspace(-10.0, 30.0, 400_001)
    dx = x[1] - x[0]
    for density, mean, std, mode in [(feature_density, 4.0, 2.0, 3.0), (normalised_density, 0.0, 1.0, -0.5),
                                     (rescaled_density, BETA, GAMMA, BETA - 0.5 * GAMMA)]:
        with _silent():
            f = density(x)
        assert np.all(f >= 0.0)
        assert f.sum() * dx == pytest.approx(1.0, abs=1e-8)
        assert (x * f).sum() * dx == pytest.approx(mean, abs=1e-7)
        assert math.sqrt(((x - mean) ** 2 * f).sum() * dx) == pytest.approx(std, abs=1e-7)
        assert x[np.argmax(f)] == pytest.approx(mode, abs=1e-4)
    # Gamma(4, 1) at its mode: 3³·e⁻³/6.
    assert feature_density(3.0) == pytest.approx(27.0 * math.exp(-3.0) / 6.0, rel=1e-15)
    assert feature_density(-1.0) == 0.0 and feature_density(0.0) == 0.0
    assert normalised_density(-0.5) == pytest.approx(2.0 * feature_density(3.0), rel=1e-15)


def test_lesson_batch_and_panel():
    batch = lesson_batch()
    np.testing.assert_array_equal(batch, lesson_batch())  # seeded
    assert batch.shape == (256, 3)
    assert 3.5 < batch[:, 0].mean() < 4.5 and 1000.0 < batch[:, 1].mean() < 1400.0
    np.testing.assert_array_equal(batch[:, 2], 5.0)
    data = panel()
    json.dumps(data)
    np.testing.assert_allclose(data["output"], _torch_batch_norm(batch, np.ones(3), np.zeros(3)), rtol=0, atol=1e-12)
    np.testing.assert_allclose(data["mean"], batch.mean(axis=0), rtol=1e-14, atol=0)
    np.testing.assert_allclose(data["var"], batch.var(axis=0), rtol=1e-12, atol=0)
    assert [set(label) for label in data["features"]] == [{"en", "ru"}] * 3


def test_lesson_task_answers():
    # Task "undo": γ = 2, β = 4 (the feature's own standard deviation and mean) lay the normalised curve back on
    # the feature's: the density of 2·x̂ + 4 is the feature's density.
    x = np.linspace(0.5, 16.0, 200)
    np.testing.assert_allclose(normalised_density((x - 4.0) / 2.0) / 2.0, feature_density(x), rtol=1e-14)
    # In the panel's batch the undoing γ and β are the batch's own spread and mean (the task accepts both).
    batch = lesson_batch()
    mean, var = batch_stats(batch)
    assert round(math.sqrt(var[0] + 1e-5), 4) == 2.0467 and round(mean[0], 4) == 3.9817
    undone = batch_norm(batch, np.sqrt(var + 1e-5), mean)
    np.testing.assert_allclose(undone, batch, rtol=0, atol=1e-9)
    # Task "constant": [5, 5, 5, 5] with γ = 1, β = 0.3 gives 0.3 everywhere.
    np.testing.assert_array_equal(batch_norm(np.full((4, 1), 5.0), [1.0], [0.3]), 0.3)
    # Task "two samples": any two different values normalise to about ∓1; eps shows next to a small variance.
    np.testing.assert_allclose(batch_norm([[10.0], [14.0]], [1.0], [0.0])[:, 0], [-0.9999988, 0.9999988], atol=1e-7)
    np.testing.assert_allclose(batch_norm([[0.0], [1000.0]], [1.0], [0.0])[:, 0], [-1.0, 1.0], atol=1e-9)
    assert round(batch_norm([[-3.0], [-2.9]], [1.0], [0.0])[1, 0], 3) == 0.998
    # Task "peaks": see test_lesson_densities (3, −0.5 and 1.75).
    # Task "thousands": the panel's feature 1 normalises to the same spread as feature 0.
    out = batch_norm(lesson_batch(), np.ones(3), np.zeros(3))
    # ... up to eps: the spread is √(σ²/(σ² + eps)), a hair below 1.
    _, var = batch_stats(lesson_batch())
    np.testing.assert_allclose(out[:, :2].std(axis=0), np.sqrt(var[:2] / (var[:2] + 1e-5)), rtol=1e-12)
    assert out[:, 2].std() == 0.0
