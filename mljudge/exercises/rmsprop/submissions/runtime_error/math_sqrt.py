# math.sqrt takes one number, not an array: the first case stops with a TypeError (np.sqrt is the elementwise one).
import math


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    s = alpha * square_avg + (1 - alpha) * grad**2
    return param - lr * grad / (math.sqrt(s) + eps), s
