# mistake: alpha-swapped
import numpy as np


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    s = (1 - alpha) * square_avg + alpha * grad**2
    return param - lr * grad / (np.sqrt(s) + eps), s
