"""Known wrong versions of gelu_backward. The judge recognises a learner's mistake when their outputs match one
of these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.reference.arrays import Float, Floats
from mljudge.reference.gelu import gelu_exact_slope

C = np.sqrt(2.0 / np.pi)
A = 0.044715


def _parts(x: Floats) -> tuple[Floats, Floats, Floats]:
    t = np.tanh(C * (x + A * x**3))
    return t, 1.0 - t * t, C * (1.0 + 3.0 * A * x**2)


def exact_slope(grad_output: Floats, x: Floats) -> Float:
    # Φ(x) + x·φ(x): the derivative of the other GELU, x·Φ(x).
    return grad_output * gelu_exact_slope(x)


def no_grad_output(grad_output: Floats, x: Floats) -> Float:
    t, sech2, du = _parts(x)
    return 0.5 * (1.0 + t) + 0.5 * x * sech2 * du


def gate_only(grad_output: Floats, x: Floats) -> Float:
    t, _, _ = _parts(x)
    return grad_output * 0.5 * (1.0 + t)


def sech_sign(grad_output: Floats, x: Floats) -> Float:
    t, _, du = _parts(x)
    return grad_output * (0.5 * (1.0 + t) + 0.5 * x * (t * t - 1.0) * du)


def no_chain_rule(grad_output: Floats, x: Floats) -> Float:
    t, sech2, _ = _parts(x)
    return grad_output * (0.5 * (1.0 + t) + 0.5 * x * sech2)


def power_rule(grad_output: Floats, x: Floats) -> Float:
    # d/dx (x + 0.044715·x³) taken as 1 + 0.044715·x²: the 3 of the power rule is lost.
    t, sech2, _ = _parts(x)
    return grad_output * (0.5 * (1.0 + t) + 0.5 * x * sech2 * C * (1.0 + A * x**2))
