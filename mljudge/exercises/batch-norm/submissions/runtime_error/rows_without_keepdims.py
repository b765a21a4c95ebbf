# The row statistics without keepdims: (N, D) − (N,) does not broadcast (unless N equals D).
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean(axis=1)) / np.sqrt(x.var(axis=1) + eps) + beta
