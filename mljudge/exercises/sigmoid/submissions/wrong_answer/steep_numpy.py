# mistake: steep
import numpy as np


def sigmoid(x):
    return (1 + np.tanh(x)) / 2
