# Adam's direction first, as a helper, then the trust ratio: the shape of the formula, one step per line.
import numpy as np


def adam_direction(grad, m, v, t, beta1, beta2, eps):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * np.square(grad)
    return (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps), m, v


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    direction, m, v = adam_direction(grad, m, v, t, beta1, beta2, eps)
    r = direction + weight_decay * param
    w, u = np.sqrt(np.sum(param**2)), np.sqrt(np.sum(r**2))
    ratio = w / u if w > 0 and u > 0 else 1.0
    return param - lr * ratio * r, m, v
