"""Known wrong versions of the Adam step. The judge recognises a learner's mistake when their outputs match one of
these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.sandbox.wire import Array


def _moments(grad, m, v, beta1, beta2):
    return beta1 * m + (1 - beta1) * grad, beta2 * v + (1 - beta2) * grad * grad


def _step(param, m_hat, v_hat, lr, eps):
    return param - lr * m_hat / (np.sqrt(v_hat) + eps)


def no_bias_correction(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    m, v = _moments(grad, m, v, beta1, beta2)
    return _step(param, m, v, lr, eps), m, v


def corrected_from_zero(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    # t treated as counting from 0: corrected by 1 − β^(t − 1), which is 0 on the first step (0/0 = NaN).
    m, v = _moments(grad, m, v, beta1, beta2)
    with np.errstate(divide="ignore", invalid="ignore"):
        return _step(param, m / (1 - beta1 ** (t - 1)), v / (1 - beta2 ** (t - 1)), lr, eps), m, v


def corrected_one_ahead(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    # t incremented once too often: corrected by 1 − β^(t + 1).
    m, v = _moments(grad, m, v, beta1, beta2)
    return _step(param, m / (1 - beta1 ** (t + 1)), v / (1 - beta2 ** (t + 1)), lr, eps), m, v


def corrected_state(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    # The step is right, but the bias-corrected m̂ and v̂ are returned as the new state.
    m, v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
    return _step(param, m_hat, v_hat, lr, eps), m_hat, v_hat


def eps_inside_root(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    m, v = _moments(grad, m, v, beta1, beta2)
    m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
    return param - lr * m_hat / np.sqrt(v_hat + eps), m, v


def unrooted_correction(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    # √v divided by (1 − β₂ᵗ) instead of by its root.
    m, v = _moments(grad, m, v, beta1, beta2)
    return param - lr * (m / (1 - beta1**t)) / (np.sqrt(v) / (1 - beta2**t) + eps), m, v


def stale_moments(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    return _step(param, new_m / (1 - beta1**t), new_v / (1 - beta2**t), lr, eps), m, v


def moments_swapped(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    new_m, new_v = _moments(grad, m, v, beta1, beta2)
    return _step(param, new_m / (1 - beta1**t), new_v / (1 - beta2**t), lr, eps), new_v, new_m


def changed_in_place(got, expected, case):
    """Predicate: the right arrays came back, yet the case failed. With `pure = true` only one thing fails such a
    case: the function wrote into its inputs (NumPy's `param -= ...`, PyTorch's `param.sub_(...)`)."""
    return (isinstance(got, tuple | list) and len(got) == len(expected)
            and all(isinstance(g, Array) and g.data.shape == e.shape
                    and bool(np.all(np.abs(g.data.astype(np.float64) - e) < case.tolerance.atol))
                    for g, e in zip(got, expected, strict=True)))


def eps_before_correction(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    # The Adam paper's "efficient" form, TensorFlow's ApplyAdam and Keras' Adam: the corrections folded into the
    # step size, lr·√(1 − β₂ᵗ)/(1 − β₁ᵗ), and eps added to the uncorrected √v, which is eps/√(1 − β₂ᵗ) in
    # PyTorch's terms.
    m, v = _moments(grad, m, v, beta1, beta2)
    lr_t = lr * np.sqrt(1 - beta2**t) / (1 - beta1**t)
    return param - lr_t * m / (np.sqrt(v) + eps), m, v
