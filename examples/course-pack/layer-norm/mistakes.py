"""Known wrong versions of layer normalisation. The judge recognises a learner's mistake when their outputs match
one of these (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np


def whole_array(x, gamma, beta, eps=1e-5):
    return (x - np.mean(x)) / np.sqrt(np.var(x) + eps) * gamma + beta


def unbiased(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    variance = np.var(x, axis=-1, keepdims=True, ddof=1)
    return (x - mean) / np.sqrt(variance + eps) * gamma + beta
