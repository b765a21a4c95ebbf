import numpy as np


def mean_squared_error(pred, target):
    return np.mean((pred - target) ** 2)
