# Right numbers, written into the caller's tensors the way torch.optim would (pure = true fails every case).
import torch


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    m.mul_(beta1).add_(grad, alpha=1 - beta1)
    v.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    r = (m / (1 - beta1**t)) / ((v / (1 - beta2**t)).sqrt() + eps) + weight_decay * param
    w, u = param.norm(), r.norm()
    ratio = (w / u).item() if w > 0 and u > 0 else 1.0
    param.sub_(lr * ratio * r)
    return param, m, v
