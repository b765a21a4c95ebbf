"""Known wrong versions of the RMSProp step. The judge recognises a learner's mistake when their outputs match one
of these on every case (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np

from mljudge.reference.arrays import Floats


def _average(grad: Floats, square_avg: Floats, alpha: float) -> Floats:
    return alpha * square_avg + (1 - alpha) * grad * grad


def eps_inside_root(param: Floats, grad: Floats, square_avg: Floats, lr: float = 0.01, alpha: float = 0.99,
                    eps: float = 1e-8) -> tuple[Floats, Floats]:
    # √(s + eps), TensorFlow's placement, instead of PyTorch's √s + eps.
    s = _average(grad, square_avg, alpha)
    return param - lr * grad / np.sqrt(s + eps), s


def alpha_swapped(param: Floats, grad: Floats, square_avg: Floats, lr: float = 0.01, alpha: float = 0.99,
                  eps: float = 1e-8) -> tuple[Floats, Floats]:
    # (1 − alpha) keeps the old average and alpha weighs the new gradient.
    s = (1 - alpha) * square_avg + alpha * grad * grad
    return param - lr * grad / (np.sqrt(s) + eps), s


def no_root(param: Floats, grad: Floats, square_avg: Floats, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[Floats, Floats]:
    # Divides by the mean square itself instead of its root.
    s = _average(grad, square_avg, alpha)
    return param - lr * grad / (s + eps), s


def old_average_step(param: Floats, grad: Floats, square_avg: Floats, lr: float = 0.01, alpha: float = 0.99,
                     eps: float = 1e-8) -> tuple[Floats, Floats]:
    # The step divides by the average from before this gradient arrived.
    with np.errstate(divide="ignore", invalid="ignore"):
        return param - lr * grad / (np.sqrt(square_avg) + eps), _average(grad, square_avg, alpha)


def stale_average(param: Floats, grad: Floats, square_avg: Floats, lr: float = 0.01, alpha: float = 0.99,
                  eps: float = 1e-8) -> tuple[Floats, Floats]:
    # The step is right, but the average handed back is the old one.
    s = _average(grad, square_avg, alpha)
    return param - lr * grad / (np.sqrt(s) + eps), square_avg


def no_eps(param: Floats, grad: Floats, square_avg: Floats, lr: float = 0.01, alpha: float = 0.99,
           eps: float = 1e-8) -> tuple[Floats, Floats]:
    # eps left out: 0/0 = NaN where the gradient and the average are both 0.
    s = _average(grad, square_avg, alpha)
    with np.errstate(divide="ignore", invalid="ignore"):
        return param - lr * grad / np.sqrt(s), s


