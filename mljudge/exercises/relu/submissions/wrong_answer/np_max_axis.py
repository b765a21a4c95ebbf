# mistake: reduce-max
import numpy as np


def relu(x):
    return np.max(x, 0)
