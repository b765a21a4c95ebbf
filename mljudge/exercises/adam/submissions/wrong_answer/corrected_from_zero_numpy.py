# mistake: corrected-from-zero
# t taken as the number of steps done before this one, so the first step divides by 1 − β⁰ = 0.
import numpy as np


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    steps_done = t - 1
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**steps_done)
    v_hat = v / (1 - beta2**steps_done)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
