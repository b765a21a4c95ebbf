# Importing the class by name from the package.
from torch.optim import RMSprop


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    p = param.clone().requires_grad_(True)
    opt = RMSprop([p], lr=lr, alpha=alpha, eps=eps)
    p.grad = grad.clone()
    opt.step()
    return p.detach(), opt.state[p]["square_avg"]
