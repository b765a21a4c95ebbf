# Element by element with the math module: one pass for r and the two sums of squares, one for the step.
import math

import numpy as np


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    new_m, new_v, r = np.empty_like(m), np.empty_like(v), np.empty_like(param)
    c1, c2 = 1 - beta1**t, 1 - beta2**t
    p_sq = r_sq = 0.0
    for i in range(param.size):
        g = grad.flat[i]
        mi = beta1 * m.flat[i] + (1 - beta1) * g
        vi = beta2 * v.flat[i] + (1 - beta2) * g * g
        new_m.flat[i], new_v.flat[i] = mi, vi
        r.flat[i] = (mi / c1) / (math.sqrt(vi / c2) + eps) + weight_decay * param.flat[i]
        p_sq += param.flat[i] ** 2
        r_sq += r.flat[i] ** 2
    ratio = math.sqrt(p_sq) / math.sqrt(r_sq) if p_sq > 0 and r_sq > 0 else 1.0
    new_param = np.empty_like(param)
    for i in range(param.size):
        new_param.flat[i] = param.flat[i] - lr * ratio * r.flat[i]
    return new_param, new_m, new_v
