"""Known wrong versions of the RMSProp step. The judge recognises a learner's mistake when their outputs match one
of these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.sandbox.wire import Array


def _average(grad, square_avg, alpha):
    return alpha * square_avg + (1 - alpha) * grad * grad


def eps_inside_root(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    # √(s + eps), TensorFlow's placement, instead of PyTorch's √s + eps.
    s = _average(grad, square_avg, alpha)
    return param - lr * grad / np.sqrt(s + eps), s


def alpha_swapped(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    # (1 − alpha) keeps the old average and alpha weighs the new gradient.
    s = (1 - alpha) * square_avg + alpha * grad * grad
    return param - lr * grad / (np.sqrt(s) + eps), s


def no_root(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    # Divides by the mean square itself instead of its root.
    s = _average(grad, square_avg, alpha)
    return param - lr * grad / (s + eps), s


def old_average_step(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    # The step divides by the average from before this gradient arrived.
    with np.errstate(divide="ignore", invalid="ignore"):
        return param - lr * grad / (np.sqrt(square_avg) + eps), _average(grad, square_avg, alpha)


def stale_average(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    # The step is right, but the average handed back is the old one.
    s = _average(grad, square_avg, alpha)
    return param - lr * grad / (np.sqrt(s) + eps), square_avg


def no_eps(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    # eps left out: 0/0 = NaN where the gradient and the average are both 0.
    s = _average(grad, square_avg, alpha)
    with np.errstate(divide="ignore", invalid="ignore"):
        return param - lr * grad / np.sqrt(s), s


def changed_in_place(got, expected, case):
    """Predicate: the right arrays came back, yet the case failed. With `pure = true` only one thing fails such a
    case: the function wrote into its inputs (NumPy's `param -= ...`, PyTorch's `param.sub_(...)`)."""
    return (isinstance(got, tuple | list) and len(got) == len(expected)
            and all(isinstance(g, Array) and g.data.shape == e.shape
                    and bool(np.all(np.abs(g.data.astype(np.float64) - e) < case.tolerance.atol))
                    for g, e in zip(got, expected, strict=True)))
