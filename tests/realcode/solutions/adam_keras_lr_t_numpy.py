# Keras 2's Adam.get_updates in NumPy: the bias correction folded into the step size lr_t (the paper's
# "efficient version"), epsilon added to the uncorrected sqrt(v).
import numpy as np


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    lr_t = lr * (np.sqrt(1. - np.power(beta2, t)) / (1. - np.power(beta1, t)))
    m_t = (beta1 * m) + (1. - beta1) * grad
    v_t = (beta2 * v) + (1. - beta2) * np.square(grad)
    p_t = param - lr_t * m_t / (np.sqrt(v_t) + eps)
    return p_t, m_t, v_t
