# Returns only the new parameter, not the (param, velocity) pair.
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    return param - lr * (momentum * velocity + grad)
