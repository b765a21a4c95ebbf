# The fused kernel behind SGD(fused=True).
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    p, v = param.clone(), velocity.clone()
    torch._fused_sgd_([p], [grad], [v], weight_decay=0.0, momentum=momentum, lr=lr, dampening=0.0,
                      nesterov=False, maximize=False, is_first_step=False)
    return p, v
