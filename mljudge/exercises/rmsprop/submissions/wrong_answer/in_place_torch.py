# mistake: changed-in-place
# torch.optim.RMSprop's update, applied to the inputs themselves.
import torch


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
    param.addcdiv_(grad, square_avg.sqrt().add_(eps), value=-lr)
    return param, square_avg
