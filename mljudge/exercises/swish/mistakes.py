"""Known wrong versions of swish. The judge recognises a learner's mistake when their outputs match one of these
on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray

from mljudge.reference.sigmoid import sigmoid


def ignores_beta(x: NDArray[np.float64], beta: float = 1.0) -> NDArray[np.float64]:
    return x * sigmoid(x)


def beta_outside(x: NDArray[np.float64], beta: float = 1.0) -> NDArray[np.float64]:
    return beta * x * sigmoid(x)


def sign_flip(x: NDArray[np.float64], beta: float = 1.0) -> NDArray[np.float64]:
    # 1/(1 + e^(+βx)): the minus sign of the exponent is lost, so the gate is σ(−βx).
    return x * sigmoid(-beta * x)


def exp_ratio_nan(x: NDArray[np.float64], beta: float = 1.0) -> NDArray[np.float64]:
    # σ(z) = eᶻ/(1 + eᶻ): right on paper, inf/inf = NaN in float64 once eᶻ overflows (z > 709).
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(beta * x)
        return x * e / (1.0 + e)
