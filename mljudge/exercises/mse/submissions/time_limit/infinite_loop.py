import numpy as np


def mse(pred, target):
    total = 0.0
    while True:
        total += np.mean((pred - target) ** 2)
