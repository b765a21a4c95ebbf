# np.linalg.norm(x, 2) is the largest singular value for a matrix (a different ratio for the 2×2 example) and
# has no meaning for 3 dimensions: "Improper number of dimensions to norm".
import numpy as np


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    r = (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps) + weight_decay * param
    w, u = np.linalg.norm(param, 2), np.linalg.norm(r, 2)
    ratio = w / u if w > 0 and u > 0 else 1.0
    return param - lr * ratio * r, m, v
