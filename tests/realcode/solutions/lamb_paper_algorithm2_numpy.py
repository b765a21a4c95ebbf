from dataclasses import dataclass

import numpy as np


@dataclass
class LambConfig:
    lr: float = 1e-3
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-6
    weight_decay: float = 0.01


def phi(z: float) -> float:
    """The paper's scaling function; the identity (no clipping of the weight norm)."""
    return z


def lamb(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    """Algorithm 2 of You et al. (2020), for one layer x^(i):

    m_t = b1 m_{t-1} + (1 - b1) g_t;   v_t = b2 v_{t-1} + (1 - b2) g_t^2
    m_t <- m_t / (1 - b1^t);           v_t <- v_t / (1 - b2^t)
    r_t = m_t / (sqrt(v_t) + eps)
    x_{t+1} = x_t - lr * phi(||x_t||) / ||r_t + lambda x_t|| * (r_t + lambda x_t)
    """
    c = LambConfig(lr, beta1, beta2, eps, weight_decay)
    m_t = c.beta1 * m + (1 - c.beta1) * grad
    v_t = c.beta2 * v + (1 - c.beta2) * grad ** 2
    m_hat = m_t / (1 - c.beta1 ** t)
    v_hat = v_t / (1 - c.beta2 ** t)
    r_t = m_hat / (np.sqrt(v_hat) + c.eps)
    direction = r_t + c.weight_decay * param
    w_norm = float(np.linalg.norm(param.ravel()))
    d_norm = float(np.linalg.norm(direction.ravel()))
    trust_ratio = phi(w_norm) / d_norm if w_norm > 0 and d_norm > 0 else 1.0
    return param - c.lr * trust_ratio * direction, m_t, v_t
