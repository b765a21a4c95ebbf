"""Known wrong versions of the sigmoid. The judge recognises a learner's mistake when their outputs match one of
these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np
from numpy.typing import NDArray

from mljudge.reference.arrays import Float
from mljudge.reference.sigmoid import sigmoid


def exp_ratio(x: NDArray[np.float64]) -> NDArray[np.float64]:
    # eˣ/(1 + eˣ): right for moderate x, inf/inf = NaN once eˣ overflows (x > 709.78).
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(x)
        return e / (1.0 + e)


def sign_flipped(x: NDArray[np.float64]) -> Float:
    # 1/(1 + eˣ) = σ(−x), computed stably: the naive form's overflow at −1000 gives 1/inf = 0, which is right.
    return sigmoid(-x)


def steep(x: NDArray[np.float64]) -> Float:
    # (1 + tanh(x))/2 = σ(2x): the tanh identity without halving x.
    return sigmoid(2.0 * x)
