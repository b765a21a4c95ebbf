# mistake: old-velocity-step
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    new_param = param - lr * velocity
    new_velocity = momentum * velocity + grad
    return new_param, new_velocity
