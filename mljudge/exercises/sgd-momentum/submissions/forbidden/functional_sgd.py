# The functional step that torch.optim.SGD calls.
import torch
from torch.optim.sgd import sgd


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    p, v = param.clone(), velocity.clone()
    sgd([p], [grad], [v], weight_decay=0.0, momentum=momentum, lr=lr, dampening=0.0, nesterov=False, maximize=False)
    return p, v
