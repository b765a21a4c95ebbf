# In-place arithmetic on copies (and np.sqrt with out= into a fresh array): the inputs stay as they were.
import numpy as np


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    s = square_avg.copy()
    s *= alpha
    s += (1 - alpha) * np.square(grad)
    denom = np.empty_like(s)
    np.sqrt(s, out=denom)
    denom += eps
    p = param.copy()
    p -= lr * grad / denom
    return p, s
