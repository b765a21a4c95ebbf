# mistake: wrong-axis
# Statistics of each sample (a row): layer normalisation, not batch normalisation.
import numpy as np


def batch_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=1, keepdims=True)
    var = x.var(axis=1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
