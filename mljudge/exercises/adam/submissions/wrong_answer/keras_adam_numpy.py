# mistake: eps-before-correction
# Keras' Adam update (TensorFlow's ApplyAdam kernel computes the same), ported to NumPy: the bias corrections are
# folded into lr_t, and eps is added to the uncorrected √v, the "efficient" form of the Adam paper.
import numpy as np


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    local_step = t
    beta_1_power = beta1**local_step
    beta_2_power = beta2**local_step
    lr_t = lr * (np.sqrt(1 - beta_2_power) / (1 - beta_1_power))

    m_t = beta1 * m + (1 - beta1) * grad
    v_t = beta2 * v + (1 - beta2) * np.square(grad)
    param_t = param - lr_t * m_t / (np.sqrt(v_t) + eps)
    return param_t, m_t, v_t
