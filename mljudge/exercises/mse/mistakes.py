"""Known wrong versions of the mean squared error. The judge recognises a learner's mistake when their outputs
match one of these on every case they answered; `not_averaged` is a predicate over one failed case, called as
func(got, expected, case) (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.losses import is_unreduced


def summed(pred: Floats, target: Floats) -> float:
    """The sum of the squared errors, never divided by their number."""
    return float(np.sum((pred - target) ** 2))


def rows_only(pred: Floats, target: Floats) -> float:
    """The sum divided by len(pred), the number of rows, instead of the number of elements."""
    return float(np.sum((pred - target) ** 2) / len(pred))


def absolute(pred: Floats, target: Floats) -> float:
    """The mean absolute error: the errors' sizes averaged, never squared."""
    return float(np.mean(np.abs(pred - target)))


def root(pred: Floats, target: Floats) -> float:
    """The root of the mean squared error (RMSE): right idea, one square root too many."""
    return float(np.sqrt(np.mean((pred - target) ** 2)))


def half(pred: Floats, target: Floats) -> float:
    """½·MSE, the textbook convention that makes the slope d instead of 2d."""
    return float(0.5 * np.mean((pred - target) ** 2))


def squared_mean(pred: Floats, target: Floats) -> float:
    """The square of the mean error, (mean d)², instead of the mean of the squares."""
    return float(np.mean(pred - target) ** 2)


def not_averaged(got: Answer, expected: Expected, case: Case) -> bool:
    """Squared errors averaged over one axis only, or not at all: an array whose mean is the answer."""
    return is_unreduced(got.data if isinstance(got, Array) else got, expected, case.tolerance.atol,
                        case.tolerance.rtol)


def half_summed(pred: Floats, target: Floats) -> float:
    """½·Σ d² = ½·‖pred − target‖²: the least-squares error of textbooks, halved and summed at once."""
    return float(0.5 * np.sum((pred - target) ** 2))
