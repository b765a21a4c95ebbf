import numpy as np


def huber(pred, target, delta=1.0):
    d = pred - target
    return np.where(abs(d) <= delta, 0.5 * d * d, delta * (abs(d) - 0.5 * delta).mean()
