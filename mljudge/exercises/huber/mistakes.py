"""Known wrong versions of the Huber loss. The judge recognises a learner's mistake when their outputs match one of
these on every case they answered; `not_averaged` is a predicate over one failed case, called as
func(got, expected, case) (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray

from mljudge.judge.api import Answer, Array, Case, Expected
from mljudge.reference.arrays import Floats
from mljudge.reference.losses import huber, is_unreduced


def _mean_of(quadratic: Floats, linear: Floats, small: NDArray[np.bool_]) -> float:
    """The mean of `quadratic` where `small`, `linear` elsewhere, as float (the branches are given as arrays)."""
    return float(np.mean(np.where(small, quadratic, linear)))


def swapped(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """The two branches exchanged: a line for small errors, the parabola for large ones."""
    d = pred - target
    a = np.abs(d)
    return _mean_of(delta * (a - 0.5 * delta), 0.5 * d * d, a <= delta)


def missing_half(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """d² instead of ½·d² on the quadratic branch (the branches no longer meet at ±delta)."""
    d = pred - target
    a = np.abs(d)
    return _mean_of(d * d, delta * (a - 0.5 * delta), a <= delta)


def no_offset(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """delta·|d| instead of delta·(|d| − ½·delta) on the linear branch (a jump of ½·delta² at ±delta)."""
    d = pred - target
    a = np.abs(d)
    return _mean_of(0.5 * d * d, delta * a, a <= delta)


def signed_threshold(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """The test d ≤ delta instead of |d| ≤ delta: every large negative error stays on the parabola."""
    d = pred - target
    return _mean_of(0.5 * d * d, delta * (np.abs(d) - 0.5 * delta), d <= delta)


def delta_ignored(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """The default delta = 1 whatever the caller passes."""
    return huber(pred, target, 1.0)


def smooth_l1(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """PyTorch's smooth L1 with beta = delta: the Huber loss divided by delta."""
    return huber(pred, target, delta) / delta


def summed(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """The sum over the elements, never divided by their number."""
    return huber(pred, target, delta) * np.size(pred)


def rows_only(pred: Floats, target: Floats, delta: float = 1.0) -> float:
    """The sum divided by len(pred), the number of rows, instead of the number of elements."""
    return huber(pred, target, delta) * np.size(pred) / len(pred)


def not_averaged(got: Answer, expected: Expected, case: Case) -> bool:
    """The loss averaged over one axis only, or not at all: an array whose mean is the answer."""
    return is_unreduced(got.data if isinstance(got, Array) else got, expected, case.tolerance.atol,
                        case.tolerance.rtol)
