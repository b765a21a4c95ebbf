# An explicit loop over every element, returning a plain Python float.
import numpy as np


def mse(pred, target):
    total = 0.0
    for p, t in zip(pred.flat, target.flat):
        total += (p - t) ** 2
    return float(total / pred.size)
