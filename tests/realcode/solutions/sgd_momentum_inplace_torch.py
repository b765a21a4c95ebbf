import torch


@torch.no_grad()
def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    # same in-place update as torch.optim.SGD
    velocity.mul_(momentum).add_(grad)
    param.add_(velocity, alpha=-lr)
    return param, velocity
