# An explicit loop over the elements with the math module, writing into new arrays.
import math

import numpy as np


def rmsprop(param, grad, square_avg, lr=0.01, alpha=0.99, eps=1e-8):
    new_param = np.empty_like(param)
    new_avg = np.empty_like(square_avg)
    for i in range(param.size):
        g = grad.flat[i]
        s = alpha * square_avg.flat[i] + (1 - alpha) * g * g
        new_avg.flat[i] = s
        new_param.flat[i] = param.flat[i] - lr * g / (math.sqrt(s) + eps)
    return new_param, new_avg
