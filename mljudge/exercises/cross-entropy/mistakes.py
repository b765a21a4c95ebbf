"""Known wrong versions of cross-entropy. The judge recognises a learner's mistake when their outputs match one of
these on every case they answered, NaN matching NaN and inf matching inf (that is how the unstable versions are
told apart); `clamped_log` and `not_averaged` are predicates over one failed case, called as
func(got, expected, case) (trusted code: runs in the judge, never in the sandbox)."""

import math

import numpy as np
from numpy.typing import NDArray

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.losses import cross_entropy_per_example, is_unreduced, log_softmax
from mljudge.reference.softmax import softmax

# The hidden case where the right class's logit is hundreds below the best one: its probability underflows to
# exactly 0 in float64, so only a log-softmax computed in log space gets the loss right there.
CONFIDENTLY_WRONG = "confidently-wrong"


def _rows(logits: Floats) -> NDArray[np.int64]:
    return np.arange(logits.shape[0])


def naive(logits: Floats, targets: NDArray[np.int64]) -> float:
    """log Σ exp(z) − z_target without subtracting the maximum: exp(1000) = inf, exp(−1000) = 0. (−log of a
    softmax computed the same naive way gives the same NaN and inf on the graded cases.)"""
    with np.errstate(all="ignore"):
        lse = np.log(np.exp(logits).sum(axis=1))
        return float(np.mean(lse - logits[_rows(logits), targets]))


def log_of_softmax(logits: Floats, targets: NDArray[np.int64]) -> float:
    """A stable softmax, then its log: a probability that underflowed to 0 becomes −log 0 = inf."""
    with np.errstate(divide="ignore"):
        p = softmax(logits, 1.0, -1)
        return float(np.mean(-np.log(p[_rows(logits), targets])))


def shift_not_undone(logits: Floats, targets: NDArray[np.int64]) -> float:
    """The maximum is subtracted inside the log-sum-exp but not from the target's logit: log Σ exp(z − m) − z_t."""
    m = logits.max(axis=1)
    lse_shifted = np.log(np.exp(logits - m[:, None]).sum(axis=1))
    return float(np.mean(lse_shifted - logits[_rows(logits), targets]))


def global_max(logits: Floats, targets: NDArray[np.int64]) -> float:
    """The maximum of the whole array subtracted instead of each row's: a row ~2000 below it underflows to
    exp = 0 everywhere, log 0 = −inf, and the loss becomes −inf."""
    with np.errstate(all="ignore"):
        shifted = logits - logits.max()
        log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        return float(-np.mean(log_probs[_rows(logits), targets]))


def batch_sum(logits: Floats, targets: NDArray[np.int64]) -> float:
    """The normaliser summed over the whole batch (no axis), not over each row's classes."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum())
    return float(-np.mean(log_probs[_rows(logits), targets]))


def column_gather(logits: Floats, targets: NDArray[np.int64]) -> float:
    """logp[:, targets]: every row's log-probabilities at every target, an (N, N) block, averaged."""
    return float(-np.mean(log_softmax(logits)[:, targets]))


def flat_take(logits: Floats, targets: NDArray[np.int64]) -> float:
    """np.take(logp, targets) / torch.take without an axis: indexes the flattened array, so row 0 only."""
    return float(-np.mean(np.take(log_softmax(logits), targets)))


def summed(logits: Floats, targets: NDArray[np.int64]) -> float:
    """The sum over the examples, never divided by N."""
    return float(np.sum(cross_entropy_per_example(logits, targets)))


def mean_over_classes(logits: Floats, targets: NDArray[np.int64]) -> float:
    """A one-hot product averaged over all N·C entries: the loss divided by the number of classes."""
    return float(np.mean(cross_entropy_per_example(logits, targets)) / logits.shape[1])


def clamped_log(got: Answer, expected: Expected, case: Case) -> bool:
    """log(p + ε) or log(clip(p, ε, 1)): finite, but far too small where the right class's probability
    underflowed (the confidently-wrong case), while every other case passes."""
    if case.id != CONFIDENTLY_WRONG or not isinstance(expected, float):
        return False
    value = got.data.item() if isinstance(got, Array) and got.data.ndim == 0 else got
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return False
    return value < 0.5 * expected


def not_averaged(got: Answer, expected: Expected, case: Case) -> bool:
    """One loss per example (or per entry), never averaged: an array whose mean is the answer."""
    return is_unreduced(got.data if isinstance(got, Array) else got, expected, case.tolerance.atol,
                        case.tolerance.rtol)
