# mistake: exp-minus2x-overflow
# The form that is stable for x >= 0, used for every x.
import numpy as np


def tanh(x):
    e = np.exp(-2 * x)
    return (1 - e) / (1 + e)
