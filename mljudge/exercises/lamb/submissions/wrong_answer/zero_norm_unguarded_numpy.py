# mistake: zero-norm
# No guard at all: 0/‖r‖ = 0 keeps a zero layer at zero, and 0/0 is NaN.
import numpy as np


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    r = (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps) + weight_decay * param
    with np.errstate(invalid="ignore"):
        ratio = np.linalg.norm(param) / np.linalg.norm(r)
    return param - lr * ratio * r, m, v
