# np.dot where an elementwise product belongs: fine for a vector, a shape error for a 4×5 parameter.
# Only hidden cases raise, and a hidden row says no more than that it failed: a wrong answer.
import numpy as np


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * np.dot(grad, np.eye(len(grad))) * grad
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
