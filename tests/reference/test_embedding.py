"""Pins reference.embedding to torch.nn.functional.embedding, to the one-hot product and to the closed form of
the rows-touched curve."""

import math
import warnings
from fractions import Fraction

import numpy as np
import pytest
import torch

from mljudge.reference.embedding import (
    embedding,
    rows_touched,
)
from mljudge.reference.optimize import bisect

TABLE = np.array([[0.1, 0.2, 0.3], [1.0, 1.1, 1.2], [2.0, 2.1, 2.2], [3.0, 3.1, 3.2]])


def test_published_examples():
    np.testing.assert_array_equal(embedding(TABLE, np.array([2, 0, 2])), TABLE[[2, 0, 2]])
    out = embedding(TABLE, np.array([[0, 1], [3, 3]]))
    assert out.shape == (2, 2, 3)
    np.testing.assert_array_equal(out[1, 1], [3.0, 3.1, 3.2])
    np.testing.assert_array_equal(embedding(TABLE, np.array([3])), [[3.0, 3.1, 3.2]])


@pytest.mark.parametrize("shape", [(), (0,), (5,), (4, 7), (2, 3, 4)])
def test_shape_is_ids_shape_plus_dim(shape):
    rng = np.random.default_rng(3)
    weights = rng.normal(size=(50, 8))
    ids = rng.integers(0, 50, size=shape)
    out = embedding(weights, ids)
    assert out.shape == (*shape, 8)
    assert out.dtype == np.float64


def test_returns_a_copy():
    weights = TABLE.copy()
    out = embedding(weights, np.array([1, 1]))
    out[0, 0] = 99.0
    np.testing.assert_array_equal(weights, TABLE)


def test_matches_torch_embedding():
    rng = np.random.default_rng(11)
    weights = rng.uniform(-1.0, 1.0, size=(1000, 16))
    ids = rng.integers(0, 1000, size=(32, 20))
    theirs = torch.nn.functional.embedding(torch.from_numpy(ids), torch.from_numpy(weights)).numpy()
    np.testing.assert_array_equal(embedding(weights, ids), theirs)


def test_equals_one_hot_product():
    rng = np.random.default_rng(12)
    weights = rng.normal(size=(30, 5))
    ids = rng.integers(0, 30, size=(6, 7))
    one_hot = np.eye(30)[ids]
    np.testing.assert_allclose(embedding(weights, ids), one_hot @ weights, rtol=0, atol=1e-15)


@pytest.mark.parametrize("ids", [[1, -1], [[0, 1], [2, 4]], [-5], 4, -1])
def test_out_of_range_ids_raise_like_torch(ids):
    with pytest.raises(IndexError, match="out of range"):
        embedding(TABLE, np.array(ids))
    with pytest.raises(IndexError):
        torch.nn.functional.embedding(torch.tensor(ids), torch.from_numpy(TABLE))


def test_rejects_bad_tables_and_ids():
    with pytest.raises(ValueError, match="2-D"):
        embedding(np.zeros(3), np.array([0]))
    with pytest.raises(TypeError, match="integers"):
        embedding(TABLE, np.array([0.0, 1.0]))


def test_rows_touched_closed_form():
    for rows in (1, 2, 1000, 10_000):
        for n in (0, 1, 7, 28, 693, 5000):
            # Exact rational arithmetic: (1 − 1/N)ⁿ in floats already carries n·ε of rounding error.
            exact = 1 - Fraction(rows - 1, rows) ** n
            assert rows_touched(n, rows) == pytest.approx(float(exact), rel=1e-14, abs=1e-300)
    assert rows_touched(0, 1000) == 0.0
    assert rows_touched(1, 1000) == pytest.approx(1e-3, rel=1e-12)
    np.testing.assert_array_equal(rows_touched(np.arange(5.0), 1000), rows_touched(np.arange(5.0), 1000))
    np.testing.assert_array_equal(rows_touched(np.arange(5.0), 10_000), rows_touched(np.arange(5.0), 10_000))
    with pytest.raises(ValueError):
        rows_touched(3, 0)


def test_rows_touched_matches_simulation():
    rng = np.random.default_rng(5)
    trials, n, rows = 400, 700, 1000
    shares = [np.unique(rng.integers(0, rows, size=n)).size / rows for _ in range(trials)]
    # The share's standard deviation is below 0.016 here, so the mean of 400 trials sits within ±0.0025.
    assert np.mean(shares) == pytest.approx(rows_touched(n, rows), abs=0.0025)


def test_rows_touched_is_silent_and_monotone_on_the_plot_grid():
    n = np.linspace(0.0, 5000.0, 2501)
    with warnings.catch_warnings(), np.errstate(all="raise"):
        warnings.simplefilter("error")
        small, large = rows_touched(n, 1000), rows_touched(n, 10_000)
        far = rows_touched(np.array([1e6, 1e9]), 1000)
    for curve in (small, large):
        assert np.all(np.diff(curve) > 0)
        assert curve[0] == 0.0 and np.all(curve < 1.0)
    np.testing.assert_array_equal(far, [1.0, 1.0])
    # The 10,000-row curve is the 1,000-row one stretched ten times (up to the (1 − 1/N)ⁿ vs e^(−n/N) gap).
    np.testing.assert_allclose(rows_touched(10 * n, 10_000), small, rtol=0, atol=2e-4)


def test_lesson_task_answers():
    # Task 1: ids (4, 7) into a (1000, 64) table.
    out = embedding(np.zeros((1000, 64)), np.zeros((4, 7), dtype=np.int64))
    assert out.size == 1792
    assert np.zeros((1000, 64)).size == 64_000
    # Task 2: half of 1,000 rows after ln 2 / −ln(1 − 1/1000) ≈ 692.8 ids; 5,000 ids reach 0.3935 of 10,000.
    half = bisect(lambda v: rows_touched(v, 1000) - 0.5, 0.0, 5000.0)
    assert half == pytest.approx(math.log(2.0) / -math.log1p(-1e-3), abs=1e-6)
    assert half == pytest.approx(692.8, abs=0.05)
    assert rows_touched(5000.0, 10_000) == pytest.approx(0.3935, abs=5e-5)
    # The lesson's reading aid: at n = N the share is 1 − 1/e (to within 1/(2N)).
    assert rows_touched(1000.0, 1000) == pytest.approx(1.0 - math.exp(-1.0), abs=5e-4)
