import numpy as np


def huber(pred, target, delta=1.0):
    d = np.asarray(pred - target, dtype=float)
    small = np.abs(d) <= delta
    per_element = np.piecewise(d, [small, ~small],
                               [lambda r: 0.5 * r ** 2, lambda r: delta * (np.abs(r) - 0.5 * delta)])
    return per_element.mean()
