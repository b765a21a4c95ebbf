# mistake: lr-in-velocity
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    v = momentum * velocity + lr * grad
    return param - v, v
