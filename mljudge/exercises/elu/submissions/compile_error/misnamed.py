import numpy as np


def ELU(x, alpha=1.0):
    return np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0)))
