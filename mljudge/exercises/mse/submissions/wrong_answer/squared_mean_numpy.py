# mistake: squared-mean
import numpy as np


def mse(pred, target):
    return np.mean(pred - target) ** 2
