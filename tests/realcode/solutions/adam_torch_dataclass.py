from dataclasses import dataclass

import torch


@dataclass(frozen=True)
class AdamHyper:
    lr: float = 1e-3
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8


DEFAULTS = AdamHyper()


def adam(param, grad, m, v, t, lr=DEFAULTS.lr, beta1=DEFAULTS.beta1, beta2=DEFAULTS.beta2, eps=DEFAULTS.eps):
    h = AdamHyper(lr, beta1, beta2, eps)
    m_new = h.beta1 * m + (1 - h.beta1) * grad
    v_new = h.beta2 * v + (1 - h.beta2) * grad * grad
    m_hat = m_new / (1 - h.beta1 ** t)
    v_hat = v_new / (1 - h.beta2 ** t)
    p_new = param - h.lr * m_hat / (torch.sqrt(v_hat) + h.eps)
    return p_new, m_new, v_new
