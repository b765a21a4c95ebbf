# mistake: min-instead-of-max
import numpy as np


def relu(x):
    return np.minimum(x, 0.0)
