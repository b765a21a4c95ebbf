# mistake: root
import numpy as np


def mse(pred, target):
    return np.sqrt(np.mean((pred - target) ** 2))
