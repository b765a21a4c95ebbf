# mistake: precision-lost
# The textbook shortcut Var = E[x²] − E[x]²: right on paper, but the two terms cancel for a feature far from 0.
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=0)
    var = (x**2).mean(axis=0) - mean**2
    return gamma * (x - mean) / np.sqrt(np.maximum(var, 0.0) + eps) + beta
