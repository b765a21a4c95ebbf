# In-place arithmetic is fine on copies: the caller's arrays stay as they were.
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    v = velocity.copy()
    v *= momentum
    v += grad
    p = param.copy()
    p -= lr * v
    return p, v
