"""Known wrong versions of softmax. The judge recognises a learner's mistake when their outputs match one of these
on every case they answered, NaN matching NaN (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray

from mljudge.reference.softmax import softmax


def naive(x: NDArray[np.float64], temperature: float = 1.0, axis: int = -1) -> NDArray[np.float64]:
    """exp without subtracting the maximum: overflows to inf (inf/inf = NaN) or underflows to 0 (0/0 = NaN)."""
    with np.errstate(all="ignore"):
        e = np.exp(x / temperature)
        return e / e.sum(axis=axis, keepdims=True)


def last_axis(x: NDArray[np.float64], temperature: float = 1.0, axis: int = -1) -> NDArray[np.float64]:
    """Always normalises over the last axis, whatever `axis` says."""
    return softmax(x, temperature, -1)


def global_sum(x: NDArray[np.float64], temperature: float = 1.0, axis: int = -1) -> NDArray[np.float64]:
    """Normalises by the sum over the whole array, so only the grand total is 1."""
    e = np.exp((x - x.max()) / temperature)
    return e / e.sum()


def temperature_multiplied(x: NDArray[np.float64], temperature: float = 1.0, axis: int = -1) -> NDArray[np.float64]:
    """x·T instead of x/T: a small temperature flattens, a large one sharpens."""
    return softmax(x, 1.0 / temperature, axis)


def temperature_ignored(x: NDArray[np.float64], temperature: float = 1.0, axis: int = -1) -> NDArray[np.float64]:
    """Accepts the temperature but never uses it."""
    return softmax(x, 1.0, axis)
