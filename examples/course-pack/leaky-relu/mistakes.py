"""Known wrong versions of leaky ReLU. The judge recognises a learner's mistake when their outputs match one of
these (trusted code: runs in the judge, never in the sandbox)."""

import numpy as np


def fixed_slope(x, negative_slope=0.01):
    return np.where(x > 0.0, x, 0.01 * x)


def plain_relu(x, negative_slope=0.01):
    return np.maximum(x, 0.0)
