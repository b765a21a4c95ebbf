# mistake: exp-ratio-overflow
import numpy as np


def sigmoid(x):
    e = np.exp(x)
    return e / (1 + e)
