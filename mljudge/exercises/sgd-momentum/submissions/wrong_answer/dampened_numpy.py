# mistake: dampened
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    v = momentum * velocity + (1 - momentum) * grad
    return param - lr * v, v
