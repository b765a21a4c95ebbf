# The batch-norm forward pass as a staged computational graph, one elementary step per line (the way the
# well-known "understanding the backward pass through batch normalization" blog post lays it out), so that
# the backward pass can walk the same steps in reverse.
import numpy as np


def batchnorm_forward(x, gamma, beta, eps):
    N, D = x.shape

    # step1: calculate mean
    mu = 1. / N * np.sum(x, axis=0)

    # step2: subtract mean vector of every training example
    xmu = x - mu

    # step3: following the lower branch - calculation denominator
    sq = xmu ** 2

    # step4: calculate variance
    var = 1. / N * np.sum(sq, axis=0)

    # step5: add eps for numerical stability, then sqrt
    sqrtvar = np.sqrt(var + eps)

    # step6: invert sqrtwar
    ivar = 1. / sqrtvar

    # step7: execute normalization
    xhat = xmu * ivar

    # step8: Nor the two transformation steps
    gammax = gamma * xhat

    # step9
    out = gammax + beta

    # store intermediate
    cache = (xhat, gamma, xmu, ivar, sqrtvar, var, eps)
    return out, cache


def batch_norm(x, gamma, beta, eps=1e-5):
    out, cache = batchnorm_forward(x, gamma, beta, eps)
    return out
