# e^(-x) from its Taylor series, "until the terms are small" — but the loop tests the wrong thing.
import numpy as np


def sigmoid(x):
    total = np.ones_like(x)
    term = np.ones_like(x)
    n = 1
    while np.max(np.abs(total)) > 0:
        term = term * (-x) / n
        total = total + term
        n += 1
    return 1 / (1 + total)
