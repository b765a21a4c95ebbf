"""Known wrong versions of the LAMB step. The judge recognises a learner's mistake when their outputs match one of
these on every case (trusted code: runs in the judge, never in the sandbox); `zero_norm` is a predicate over one
failed case, called as func(got, expected, case)."""

import numpy as np

from mljudge.reference.lamb import norm, trust_ratio
from mljudge.sandbox.wire import Array

# The cases where a norm is 0: a zero parameter (its ratio must be 1, not 0), and everything zero (0/0).
ZERO_CASES = ("example-zero-param", "all-zero")


def _moments(grad, m, v, beta1, beta2):
    return beta1 * m + (1 - beta1) * grad, beta2 * v + (1 - beta2) * grad * grad


def _adam_direction(m, v, t, beta1, beta2, eps):
    return (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps)


def ratio_inverted(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """‖r‖/‖param‖ instead of ‖param‖/‖r‖."""
    m, v = _moments(grad, m, v, beta1, beta2)
    r = _adam_direction(m, v, t, beta1, beta2, eps) + weight_decay * param
    return param - lr * trust_ratio(r, param) * r, m, v


def no_weight_decay(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """r = m̂/(√v̂ + eps) alone: the weight decay left out (of the ratio and the step)."""
    m, v = _moments(grad, m, v, beta1, beta2)
    r = _adam_direction(m, v, t, beta1, beta2, eps)
    return param - lr * trust_ratio(param, r) * r, m, v


def decay_in_moments(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """Adam's L2 form: weight_decay·param added to the gradient, so it goes through the moments."""
    m, v = _moments(grad + weight_decay * param, m, v, beta1, beta2)
    r = _adam_direction(m, v, t, beta1, beta2, eps)
    return param - lr * trust_ratio(param, r) * r, m, v


def no_bias_correction(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """m/(√v + eps) without dividing by 1 − βᵗ."""
    m, v = _moments(grad, m, v, beta1, beta2)
    r = m / (np.sqrt(v) + eps) + weight_decay * param
    return param - lr * trust_ratio(param, r) * r, m, v


def elementwise_ratio(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """|param|/|r| entry by entry (np.abs instead of a norm), 1 where either is 0."""
    m, v = _moments(grad, m, v, beta1, beta2)
    r = _adam_direction(m, v, t, beta1, beta2, eps) + weight_decay * param
    p, u = np.abs(param), np.abs(r)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where((p > 0) & (u > 0), p / u, 1.0)
    return param - lr * ratio * r, m, v


def squared_norms(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """‖param‖²/‖r‖²: sums of squares without their square roots."""
    m, v = _moments(grad, m, v, beta1, beta2)
    r = _adam_direction(m, v, t, beta1, beta2, eps) + weight_decay * param
    return param - lr * trust_ratio(param, r) ** 2 * r, m, v


def corrected_state(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """The step is right, but the bias-corrected m̂ and v̂ are returned as the new state."""
    m, v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
    r = m_hat / (np.sqrt(v_hat) + eps) + weight_decay * param
    return param - lr * trust_ratio(param, r) * r, m_hat, v_hat


def zero_norm(got, expected, case):
    """Predicate: a case where a norm is 0 failed because the parameter did not move (a ratio of 0/‖r‖ = 0) or
    became NaN (0/0), while the moments are right."""
    if case.id not in ZERO_CASES or not (isinstance(got, tuple | list) and len(got) == len(expected) == 3):
        return False
    if not all(isinstance(g, Array) and g.data.shape == e.shape for g, e in zip(got, expected, strict=True)):
        return False
    param, new_m, new_v = (g.data.astype(np.float64) for g in got)
    moments_right = all(bool(np.all(np.abs(g - e) < case.tolerance.atol))
                        for g, e in zip((new_m, new_v), expected[1:], strict=True))
    stuck = bool(np.all(np.isnan(param)) or (norm(param) == 0.0 and norm(expected[0]) > 0.0))
    return moments_right and stuck
