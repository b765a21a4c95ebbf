# The ratio from Python floats with no guard: the zero parameter gets 0/‖r‖ = 0 (wrong, but quiet), and the case
# where everything is zero stops with ZeroDivisionError on 0.0 / 0.0.
import math

import numpy as np


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    r = (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps) + weight_decay * param
    ratio = math.sqrt(float(np.sum(param**2))) / math.sqrt(float(np.sum(r**2)))
    return param - lr * ratio * r, m, v
