"""Known wrong versions of ReLU. The judge recognises a learner's mistake when their outputs match one of these
on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray

from mljudge.judge.api import Answer, Array, Case, Expected


def min_instead_of_max(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.minimum(x, 0.0)


def leaky(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.where(x > 0.0, x, 0.01 * x)


def absolute(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.abs(x)


def reduce_max(x: NDArray[np.float64]) -> NDArray[np.float64]:
    # np.max(x, 0) is a reduction along axis 0, not an elementwise maximum with 0 (a 0-d result for 1-D x).
    return np.asarray(np.max(x, axis=0))


def returns_mask(got: Answer, expected: Expected, case: Case) -> bool:
    """Predicate: the answer holds only 0s and 1s that say *whether* each input is positive (x > 0 or x >= 0),
    i.e. the step that ReLU's slope is, instead of the input itself."""
    if not isinstance(got, Array) or got.data.dtype.kind not in "biuf":
        return False
    x = case.args["x"]
    data = got.data.astype(np.float64)
    if data.shape != x.shape:
        return False
    step = (x > 0.0).astype(np.float64)
    return bool(np.all((data == step) | ((x == 0.0) & (data == 1.0))))
