# mistake: changed-in-place
# torch.optim.Adam's update, applied to the inputs themselves.
import math

import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    m.lerp_(grad, 1 - beta1)
    v.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    denom = (v.sqrt() / math.sqrt(1 - beta2**t)).add_(eps)
    param.addcdiv_(m, denom, value=-lr / (1 - beta1**t))
    return param, m, v
