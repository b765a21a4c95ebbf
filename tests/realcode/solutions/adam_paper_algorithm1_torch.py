import math

import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    """Algorithm 1 of Kingma & Ba (2015), one iteration, with the paper's names.

    g_t     <- gradient
    m_t     <- beta1 * m_{t-1} + (1 - beta1) * g_t          (biased first moment)
    v_t     <- beta2 * v_{t-1} + (1 - beta2) * g_t^2        (biased second raw moment)
    m_hat_t <- m_t / (1 - beta1^t)
    v_hat_t <- v_t / (1 - beta2^t)
    theta_t <- theta_{t-1} - alpha * m_hat_t / (sqrt(v_hat_t) + epsilon)
    """
    alpha, epsilon = lr, eps
    theta, g_t = param, grad
    m_t = beta1 * m + (1 - beta1) * g_t
    v_t = beta2 * v + (1 - beta2) * g_t.pow(2)
    m_hat_t = m_t / (1 - math.pow(beta1, t))
    v_hat_t = v_t / (1 - math.pow(beta2, t))
    theta_t = theta - alpha * m_hat_t / (v_hat_t.sqrt() + epsilon)
    return theta_t, m_t, v_t
