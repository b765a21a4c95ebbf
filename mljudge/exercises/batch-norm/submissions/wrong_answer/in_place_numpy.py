# Right numbers, but written into the caller's batch: `x -= ...` and `x /= ...` change x itself.
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    x -= x.mean(axis=0)
    x /= np.sqrt((x**2).mean(axis=0) + eps)
    return gamma * x + beta
