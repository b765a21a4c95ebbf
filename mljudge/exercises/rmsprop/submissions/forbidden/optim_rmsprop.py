# torch.optim.RMSprop on copies, reading the step back: the optimiser is the library's, not yours.
import torch


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    p = param.clone().requires_grad_(True)
    opt = torch.optim.RMSprop([p], lr=lr, alpha=alpha, eps=eps)
    p.grad = grad.clone()
    opt.step()
    return p.detach(), opt.state[p]["square_avg"]
