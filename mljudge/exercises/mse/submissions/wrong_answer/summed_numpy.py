# mistake: summed
import numpy as np


def mse(pred, target):
    return np.sum((pred - target) ** 2)
