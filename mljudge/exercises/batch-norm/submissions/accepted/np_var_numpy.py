# np.var divides by N by default (ddof=0): exactly the biased variance batch norm needs.
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    x_hat = (x - x.mean(axis=0, keepdims=True)) / np.sqrt(x.var(axis=0, keepdims=True) + eps)
    return x_hat * gamma[None, :] + beta[None, :]
