# An explicit loop over the elements with the math module, writing into new arrays.
import math

import numpy as np


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    new_param, new_m, new_v = np.empty_like(param), np.empty_like(m), np.empty_like(v)
    c1, c2 = 1 - beta1**t, 1 - beta2**t
    for i in range(param.size):
        g = grad.flat[i]
        mi = beta1 * m.flat[i] + (1 - beta1) * g
        vi = beta2 * v.flat[i] + (1 - beta2) * g * g
        new_m.flat[i], new_v.flat[i] = mi, vi
        new_param.flat[i] = param.flat[i] - lr * (mi / c1) / (math.sqrt(vi / c2) + eps)
    return new_param, new_m, new_v
