from dataclasses import dataclass

import numpy as np


@dataclass
class AdamState:
    m: np.ndarray
    v: np.ndarray


def adam(param, grad, m, v, t, lr=0.001, beta1=0.9, beta2=0.999, eps=1e-8):
    state = AdamState(m, v)
    state.m = beta1 * state.m + (1 - beta1) * grad
    state.v = beta2 * state.v + (1 - beta2) * grad ** 2
    param = param - lr * state.m / (np.sqrt(state.v) + eps)
    return param, state.m, state.v
