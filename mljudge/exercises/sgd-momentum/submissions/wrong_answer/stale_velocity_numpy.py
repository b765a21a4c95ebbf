# mistake: stale-velocity
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    step = momentum * velocity + grad
    return param - lr * step, velocity
