"""Pins the dropout checker's spread tests (exercises/dropout/checker.py): a correct random mask passes them
(its chance of failing a graded case is below FALSE_FAILURE, computed exactly here), and masks that follow a fixed
pattern fail, with the right share of dropped units and right values."""

from __future__ import annotations

import importlib.util
import math

import numpy as np
import pytest
import torch

from mljudge.judge.api import Array
from mljudge.judge.catalog import Catalog

EXERCISE = Catalog().get("dropout")
_spec = importlib.util.spec_from_file_location("dropout_checker_under_test", EXERCISE.path / "checker.py")
assert _spec is not None and _spec.loader is not None
checker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checker)

ATOL = 5e-5
# The graded cases the spread tests apply to: training, 0 < p < 1, enough units.
LARGE = [c for c in EXERCISE.cases if c.args.get("training", True) and 0.0 < float(c.args["p"]) < 1.0
         and np.asarray(c.args["x"]).size >= 1000]


def _output(x: np.ndarray, keep: np.ndarray, p: float) -> np.ndarray:
    return np.where(keep, x / (1.0 - p), 0.0)


def _band(n: int, prob: float, alpha: float) -> tuple[int, int]:
    """The counts the test accepts: k with neither tail below alpha/2 (a contiguous range)."""
    accepted = [k for k in range(n + 1) if not checker._improbable(k, n, prob, alpha)]
    assert accepted == list(range(accepted[0], accepted[-1] + 1))
    return accepted[0], accepted[-1]


def _rejected_mass(n: int, prob: float, band: tuple[int, int]) -> float:
    """P(count outside band) for Binomial(n, prob), exactly (in logs, then summed)."""
    ks = np.arange(n + 1)
    log_pmf = np.array([math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) for k in ks])
    log_pmf += ks * math.log(prob) + (n - ks) * math.log1p(-prob)
    outside = (ks < band[0]) | (ks > band[1])
    return float(np.exp(log_pmf[outside]).sum())


def test_the_large_cases_are_the_ones_spread_tested() -> None:
    assert {c.id for c in LARGE} == {"large-p02", "large-p075", "same-seed-again", "another-seed"}


@pytest.mark.parametrize("case", LARGE, ids=lambda c: c.id)
def test_a_correct_mask_fails_a_case_with_probability_below_the_bound(case) -> None:
    """Sum, over every test the checker runs on this case, the exact chance that a correct mask lands outside the
    accepted band (the union bound): it must stay below FALSE_FAILURE."""
    x = np.asarray(case.args["x"], dtype=np.float64)
    p = float(case.args["p"])
    q = 1.0 - p
    assert np.all(x != 0)  # every unit decides the tests, so the counts below are the checker's
    axes = [a for a in range(x.ndim) if x.shape[a] >= 2]
    alpha = checker.FALSE_FAILURE / (4 * len(axes))
    total = 0.0
    for axis in axes:
        length = x.shape[axis]
        per_index = x.size // length
        for n in (length // 2 * per_index, (length - length // 2) * per_index):
            total += _rejected_mass(n, q, _band(n, q, alpha))
        pairs = length // 2 * per_index
        for prob in (p * p, q * q):
            total += _rejected_mass(pairs, prob, _band(pairs, prob, alpha))
    assert 0.0 < total < checker.FALSE_FAILURE


@pytest.mark.parametrize("case", LARGE, ids=lambda c: c.id)
def test_correct_random_masks_pass(case) -> None:
    x = np.asarray(case.args["x"], dtype=np.float64)
    p = float(case.args["p"])
    for seed in range(50):
        numpy_keep = np.random.default_rng(seed).random(x.shape) >= p
        torch_keep = (torch.rand(x.shape, generator=torch.Generator().manual_seed(seed), dtype=torch.float64)
                      >= p).numpy()
        for keep in (numpy_keep, torch_keep):
            assert checker.spread_problem(_output(x, keep, p), x, p, ATOL) is None
    torch.manual_seed(0)
    library = torch.nn.functional.dropout(torch.from_numpy(x), p=p).numpy()  # torch's own dropout is correct
    assert checker.spread_problem(library, x, p, ATOL) is None
    assert checker.check(case, None, Array(library), ()) is None


def _patterns(shape: tuple[int, ...], p: float) -> dict[str, np.ndarray]:
    n = math.prod(shape)
    i = np.arange(n)
    first = i >= round(p * n)
    rng = np.random.default_rng(1)
    return {
        "first p·n dropped": first.reshape(shape),
        "last p·n dropped": first[::-1].reshape(shape),
        "evenly spaced drops": ~(np.floor((i + 1) * p) > np.floor(i * p)).reshape(shape),
        "the same 20-unit stripe": (i % 20 >= round(20 * p)).reshape(shape),
        "one random row repeated": np.broadcast_to(rng.random(shape[-1]) >= p, shape),
    }


@pytest.mark.parametrize("case", LARGE, ids=lambda c: c.id)
def test_fixed_patterns_fail_with_a_message_in_both_languages(case) -> None:
    x = np.asarray(case.args["x"], dtype=np.float64)
    p = float(case.args["p"])
    for name, keep in _patterns(x.shape, p).items():
        if x.ndim == 1 and name == "one random row repeated":
            continue  # a 1-D mask has one row: that is just a random mask
        out = _output(x, keep, p)
        problem = checker.spread_problem(out, x, p, ATOL)
        assert problem is not None, name
        assert "random" in problem.get_in("en") and "случайн" in problem.get_in("ru"), name
        message = checker.check(case, None, Array(out), ())
        assert message is not None, name
        if abs((1.0 - keep.mean()) - p) < 1e-9:  # the share is exactly p: only the spread test can tell
            assert message == problem, name


def test_the_seed_is_judged_across_cases() -> None:
    # same x, p and seed: the same mask; another seed: another mask (a correct one passes both)
    cases = {c.id: c for c in Catalog().get("dropout").cases}
    first, again, other = cases["large-p02"], cases["same-seed-again"], cases["another-seed"]
    x = np.asarray(first.args["x"], dtype=np.float64)

    def mask(seed: int) -> np.ndarray:
        return np.where(np.random.default_rng(seed).random(x.shape) >= 0.2, x / 0.8, 0.0)

    right = Array(mask(0))
    assert checker.seed_problem(again, mask(0), [(first, right)]) is None
    assert checker.seed_problem(other, mask(1), [(first, right), (again, right)]) is None
    assert "different units" in checker.seed_problem(again, mask(5), [(first, right)]).get_in("en")
    assert "ignored" in checker.seed_problem(other, mask(0), [(first, right)]).get_in("en")
    small = cases["small-2d"]  # another input: never compared with these
    assert checker.seed_problem(again, mask(5), [(small, Array(np.zeros(small.args["x"].shape)))]) is None
