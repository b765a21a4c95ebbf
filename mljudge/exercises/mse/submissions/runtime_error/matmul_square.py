# d @ d is the sum of squares for a 1-D array, but a (3, 2) @ (3, 2) product does not exist.
import numpy as np


def mse(pred, target):
    d = pred - target
    return (d @ d) / d.size
