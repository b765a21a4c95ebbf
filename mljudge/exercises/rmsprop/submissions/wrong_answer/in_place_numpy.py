# mistake: changed-in-place
# The right numbers, written into the caller's arrays.
import numpy as np


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    square_avg *= alpha
    square_avg += (1 - alpha) * grad**2
    param -= lr * grad / (np.sqrt(square_avg) + eps)
    return param, square_avg
