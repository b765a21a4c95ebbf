# mistake: summed
import numpy as np


def huber(pred, target, delta=1.0):
    a = np.abs(pred - target)
    return np.sum(np.where(a <= delta, 0.5 * a**2, delta * (a - 0.5 * delta)))
