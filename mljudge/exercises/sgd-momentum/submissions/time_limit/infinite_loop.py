import numpy as np


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    v = velocity
    while True:
        v = momentum * v + grad
