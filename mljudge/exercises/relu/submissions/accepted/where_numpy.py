# A mask picks between x and 0: np.where builds a new array, the shape is kept.
import numpy as np


def relu(x):
    return np.where(x > 0, x, 0.0)
