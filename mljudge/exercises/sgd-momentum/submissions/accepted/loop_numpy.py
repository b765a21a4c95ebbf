# An explicit loop over the elements, writing into new arrays.
import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    new_param = np.empty_like(param)
    new_velocity = np.empty_like(velocity)
    for i in range(param.size):
        v = momentum * velocity.flat[i] + grad.flat[i]
        new_velocity.flat[i] = v
        new_param.flat[i] = param.flat[i] - lr * v
    return new_param, new_velocity
