# A matrix product where an elementwise one belongs: fine for a vector, a shape error for a 4×5 parameter.
# Only hidden cases raise, and a hidden row says no more than that it failed: a wrong answer.
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    v = momentum * velocity + grad
    return param - lr * (v @ np.eye(len(param))), v
