# Normalises by the average over the whole row with a matrix product: fine for a vector, a shape error for 4×5.
import numpy as np


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    s = alpha * square_avg + (1 - alpha) * grad**2
    return param - lr * grad / (np.sqrt(s) @ np.ones(len(param)) / len(param) + eps), s
