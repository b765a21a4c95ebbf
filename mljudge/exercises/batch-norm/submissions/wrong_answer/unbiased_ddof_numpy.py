# mistake: unbiased-variance
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    return gamma * (x - x.mean(axis=0)) / np.sqrt(x.var(axis=0, ddof=1) + eps) + beta
