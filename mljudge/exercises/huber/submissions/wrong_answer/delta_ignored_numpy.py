# mistake: delta-ignored
# The threshold written as a constant: right for the default, wrong for every other delta.
import numpy as np


def huber(pred, target, delta=1.0):
    d = pred - target
    a = np.abs(d)
    return np.mean(np.where(a <= 1.0, 0.5 * d * d, a - 0.5))
