import numpy as np


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    s = square_avg
    while np.any(s >= 0):
        s = alpha * s + (1 - alpha) * grad**2
    return param, s
