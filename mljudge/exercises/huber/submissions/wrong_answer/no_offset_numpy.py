# mistake: no-offset
import numpy as np


def huber(pred, target, delta=1.0):
    d = pred - target
    a = np.abs(d)
    return np.mean(np.where(a <= delta, 0.5 * d * d, delta * a))
