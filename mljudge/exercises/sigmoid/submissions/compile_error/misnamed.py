import numpy as np


def sigmoid_fn(x):
    return 1 / (1 + np.exp(-x))
