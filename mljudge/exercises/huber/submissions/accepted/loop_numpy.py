# An explicit loop with an if per element, returning a plain Python float.
import numpy as np


def huber(pred, target, delta=1.0):
    total = 0.0
    for p, t in zip(pred.flat, target.flat):
        d = abs(p - t)
        if d <= delta:
            total += 0.5 * d * d
        else:
            total += delta * (d - 0.5 * delta)
    return total / pred.size
