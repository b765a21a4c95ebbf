import warnings

import numpy as np


def sigmoid(x):
    # np.where evaluates both branches, so one of them overflows for large |x|;
    # the value from that branch is never selected, so silence the warning.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.where(x >= 0, 1 / (1 + np.exp(-x)), np.exp(x) / (1 + np.exp(x)))
