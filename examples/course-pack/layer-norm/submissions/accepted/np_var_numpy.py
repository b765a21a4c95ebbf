import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - np.mean(x, axis=-1, keepdims=True)
    return gamma * centred / np.sqrt(np.var(x, axis=-1, keepdims=True) + eps) + beta
