"""Known wrong versions of tanh. The judge recognises a learner's mistake when their outputs match one of these
on every case (trusted code: runs in the judge, never in the sandbox)."""

from collections.abc import Callable

import numpy as np

from mljudge.reference.arrays import Float, Floats
from mljudge.reference.sigmoid import sigmoid
from mljudge.reference.tanh import tanh


def _quiet(f: Callable[[Floats], Floats]) -> Callable[[Floats], Floats]:
    def wrapped(x: Floats) -> Floats:
        with np.errstate(over="ignore", invalid="ignore"):
            return f(x)

    wrapped.__name__ = f.__name__
    return wrapped


@_quiet
def naive(x: Floats) -> Floats:
    # (eˣ − e⁻ˣ)/(eˣ + e⁻ˣ): inf/inf = NaN once |x| > 709.78, on both sides. sinh(x)/cosh(x) gives the same
    # outputs on every graded case (it overflows a little later, past 710.48).
    return (np.exp(x) - np.exp(-x)) / (np.exp(x) + np.exp(-x))


@_quiet
def exp2x(x: Floats) -> Floats:
    # (e²ˣ − 1)/(e²ˣ + 1): NaN for x > 354.89, right on the negative side.
    e = np.exp(2.0 * x)
    return (e - 1.0) / (e + 1.0)


@_quiet
def exp_minus2x(x: Floats) -> Floats:
    # (1 − e⁻²ˣ)/(1 + e⁻²ˣ): the "stable" form used on both sides; NaN for x < −354.89.
    e = np.exp(-2.0 * x)
    return (1.0 - e) / (1.0 + e)


def half_argument(x: Floats) -> Float:
    # 2σ(x) − 1 = (1 − e⁻ˣ)/(1 + e⁻ˣ) = tanh(x/2), computed stably.
    return tanh(x / 2.0)


def sigmoid_2x(x: Floats) -> Float:
    # σ(2x): the right σ, without the final 2·(…) − 1 that stretches (0, 1) onto (−1, 1).
    return sigmoid(2.0 * x)


def negated(x: Floats) -> Float:
    # (e⁻ˣ − eˣ)/(eˣ + e⁻ˣ), (e⁻²ˣ − 1)/(e⁻²ˣ + 1) and similar sign slips: −tanh(x), computed stably.
    return -tanh(x)
