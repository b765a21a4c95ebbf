# mistake: changed-in-place
# The right numbers, written into the caller's arrays: every case says that param and velocity changed.
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    velocity *= momentum
    velocity += grad
    param -= lr * velocity
    return param, velocity
