import numpy as np


def huber(pred, target, delta=1.0):
    """Pseudo-Huber loss: a smooth approximation of the Huber loss (quadratic near 0, linear far away)."""
    a = pred - target
    return np.mean(delta ** 2 * (np.sqrt(1 + (a / delta) ** 2) - 1))
