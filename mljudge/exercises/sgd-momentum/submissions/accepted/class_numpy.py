# A small optimiser object, as one might write it for a training loop, called from the function.
import numpy as np


class Momentum:
    def __init__(self, lr, momentum):
        self.lr = lr
        self.momentum = momentum

    def step(self, param, grad, velocity):
        velocity = self.momentum * velocity + grad
        return param - self.lr * velocity, velocity


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    return Momentum(lr, momentum).step(param, grad, velocity)
