# A 0-d array is one number too: np.asarray(scalar) has shape ().
import numpy as np


def mse(pred, target):
    d = np.subtract(pred, target)
    return np.asarray(np.dot(d.ravel(), d.ravel()) / d.size)
