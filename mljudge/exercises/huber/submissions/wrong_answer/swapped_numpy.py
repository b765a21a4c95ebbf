# mistake: swapped
import numpy as np


def huber(pred, target, delta=1.0):
    d = pred - target
    a = np.abs(d)
    return np.where(a > delta, 0.5 * d**2, delta * (a - 0.5 * delta)).mean()
