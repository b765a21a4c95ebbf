# mistake: zero-norm
# Guards the division by ‖r‖ only: a zero layer still gets a ratio of 0 and never moves.
import torch


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    r = (m / (1 - beta1**t)) / ((v / (1 - beta2**t)).sqrt() + eps) + weight_decay * param
    u = torch.linalg.vector_norm(r)
    ratio = torch.linalg.vector_norm(param) / u if u > 0 else 1.0
    return param - lr * ratio * r, m, v
