# torch.optim.SGD on copies, reading the step back: the optimiser is the library's, not yours.
import torch


def sgd_momentum(param, grad, velocity, lr=0.01, momentum=0.9):
    p = param.clone().requires_grad_(True)
    opt = torch.optim.SGD([p], lr=lr, momentum=momentum)
    opt.state[p]["momentum_buffer"] = velocity.clone()
    p.grad = grad.clone()
    opt.step()
    return p.detach(), opt.state[p]["momentum_buffer"]
