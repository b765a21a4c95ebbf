# np.where evaluates exp(1000) = inf (with an overflow warning) but keeps x there: right, if not pretty.
import numpy as np


def elu(x, alpha=1.0):
    return np.where(x > 0, x, alpha * (np.exp(x) - 1))
