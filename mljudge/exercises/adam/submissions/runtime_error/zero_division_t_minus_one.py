# The t − 1 slip written with Python floats: 1 − β⁰ = 0.0 as a Python float makes lr / 0.0 a ZeroDivisionError
# on the first step, so this one is a runtime error, not a wrong answer.
import numpy as np


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    step_size = lr / (1 - beta1 ** (t - 1))
    return param - step_size * m / (np.sqrt(v / (1 - beta2 ** (t - 1))) + eps), m, v
