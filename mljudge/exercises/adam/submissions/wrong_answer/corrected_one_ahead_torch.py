# mistake: corrected-one-ahead
# Counts the step itself, as torch.optim does with its own counter, although t is already this step's number.
import torch


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    t += 1
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    return param - lr * m_hat / (v_hat.sqrt() + eps), m, v
