# torch.optim.RMSprop's own in-place idiom (mul_, addcmul_, addcdiv_), on clones.
import torch


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    s = square_avg.clone().mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
    p = param.clone().addcdiv_(grad, s.sqrt().add_(eps), value=-lr)
    return p, s
