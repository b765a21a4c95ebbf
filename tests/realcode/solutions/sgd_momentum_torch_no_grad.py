import torch


@torch.no_grad()
def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    # PyTorch convention: v <- mu * v + g ; p <- p - lr * v  (no dampening, no nesterov)
    v = velocity.clone().mul_(momentum).add_(grad)
    p = param.clone().sub_(lr * v)
    return p, v
