"""Known wrong versions of the Adam step. The judge recognises a learner's mistake when their outputs match one of
these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.reference.arrays import Floats


def _moments(grad: Floats, m: Floats, v: Floats, beta1: float, beta2: float) -> tuple[Floats, Floats]:
    return beta1 * m + (1 - beta1) * grad, beta2 * v + (1 - beta2) * grad * grad


def _step(param: Floats, m_hat: Floats, v_hat: Floats, lr: float, eps: float) -> Floats:
    return param - lr * m_hat / (np.sqrt(v_hat) + eps)


def no_bias_correction(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001, beta1: float = 0.9,
                       beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    m, v = _moments(grad, m, v, beta1, beta2)
    return _step(param, m, v, lr, eps), m, v


def corrected_from_zero(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001,
                        beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    # t treated as counting from 0: corrected by 1 − β^(t − 1), which is 0 on the first step (0/0 = NaN).
    m, v = _moments(grad, m, v, beta1, beta2)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _step(param, m / (1 - beta1 ** (t - 1)), v / (1 - beta2 ** (t - 1)), lr, eps), m, v


def corrected_one_ahead(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001,
                        beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    # t incremented once too often: corrected by 1 − β^(t + 1).
    m, v = _moments(grad, m, v, beta1, beta2)
    return _step(param, m / (1 - beta1 ** (t + 1)), v / (1 - beta2 ** (t + 1)), lr, eps), m, v


def corrected_state(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001, beta1: float = 0.9,
                    beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    # The step is right, but the bias-corrected m̂ and v̂ are returned as the new state.
    m, v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
    return _step(param, m_hat, v_hat, lr, eps), m_hat, v_hat


def eps_inside_root(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001, beta1: float = 0.9,
                    beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    m, v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
    return param - lr * m_hat / np.sqrt(v_hat + eps), m, v


def unrooted_correction(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001,
                        beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    # √v divided by (1 − β₂ᵗ) instead of by its root.
    m, v = _moments(grad, m, v, beta1, beta2)
    return param - lr * (m / (1 - beta1**t)) / (np.sqrt(v) / (1 - beta2**t) + eps), m, v


def stale_moments(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001, beta1: float = 0.9,
                  beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    return _step(param, new_m / (1 - beta1**t), new_v / (1 - beta2**t), lr, eps), m, v


def moments_swapped(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001, beta1: float = 0.9,
                    beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    return _step(param, new_m / (1 - beta1**t), new_v / (1 - beta2**t), lr, eps), new_v, new_m


def eps_before_correction(param: Floats, grad: Floats, m: Floats, v: Floats, t: int, lr: float = 0.001,
                          beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[Floats, Floats, Floats]:
    # The Adam paper's "efficient" form, TensorFlow's ApplyAdam and Keras' Adam: the corrections folded into the
    # step size, lr·√(1 − β₂ᵗ)/(1 − β₁ᵗ), and eps added to the uncorrected √v, which is eps/√(1 − β₂ᵗ) in
    # PyTorch's terms.
    m, v = _moments(grad, m, v, beta1, beta2)
    lr_t = lr * np.sqrt(1 - beta2**t) / (1 - beta1**t)
    return param - lr_t * m / (np.sqrt(v) + eps), m, v
