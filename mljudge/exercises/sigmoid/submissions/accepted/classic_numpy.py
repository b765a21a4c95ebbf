# The textbook form. At x = -1000, exp(1000) overflows to inf (NumPy warns), but 1/(1 + inf) = 0 is the right
# value, so the answer is correct. The danger is in the *other* arrangement, exp(x)/(1 + exp(x)).
import numpy as np


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))
