# mistake: absolute
import numpy as np


def relu(x):
    return np.abs(x)
