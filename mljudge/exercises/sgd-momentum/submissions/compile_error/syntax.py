import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9)
    v = momentum * velocity + grad
    return param - lr * v, v
