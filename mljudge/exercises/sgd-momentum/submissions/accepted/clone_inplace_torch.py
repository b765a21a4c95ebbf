# PyTorch's own in-place idiom, on clones: mul_ and add_ never touch the inputs.
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    with torch.no_grad():
        v = velocity.clone().mul_(momentum).add_(grad)
        p = param.clone().add_(v, alpha=-lr)
    return p, v
