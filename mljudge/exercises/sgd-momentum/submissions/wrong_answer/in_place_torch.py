# mistake: changed-in-place
# torch.optim.SGD's own in-place update, on the inputs themselves: right values, inputs changed.
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    with torch.no_grad():
        velocity.mul_(momentum).add_(grad)
        param.add_(velocity, alpha=-lr)
    return param, velocity
