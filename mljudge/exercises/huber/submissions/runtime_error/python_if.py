# A Python `if` on a whole array: "the truth value of an array with more than one element is ambiguous".
import numpy as np


def huber(pred, target, delta=1.0):
    d = pred - target
    if np.abs(d) <= delta:
        return np.mean(0.5 * d * d)
    return np.mean(delta * (np.abs(d) - 0.5 * delta))
