"""Known wrong versions of ELU. The judge recognises a learner's mistake when their outputs match one of these
on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray


def _exp_negative(x: NDArray[np.float64]) -> NDArray[np.float64]:
    return np.exp(np.minimum(x, 0.0))  # e^x on the side where it is used; never overflows


def alpha_both_sides(x: NDArray[np.float64], alpha: float = 1.0) -> NDArray[np.float64]:
    return np.where(x > 0, alpha * x, alpha * (_exp_negative(x) - 1.0))


def ignores_alpha(x: NDArray[np.float64], alpha: float = 1.0) -> NDArray[np.float64]:
    return np.where(x > 0, x, _exp_negative(x) - 1.0)


def no_minus_one(x: NDArray[np.float64], alpha: float = 1.0) -> NDArray[np.float64]:
    return np.where(x > 0, x, alpha * _exp_negative(x))


def mask_nan(x: NDArray[np.float64], alpha: float = 1.0) -> NDArray[np.float64]:
    # Branch-free masks: (x > 0)·x + (x ≤ 0)·α(eˣ − 1). At x = 1000, eˣ = inf and 0·inf = NaN.
    with np.errstate(over="ignore", invalid="ignore"):
        return (x > 0) * x + (x <= 0) * alpha * (np.exp(x) - 1.0)
