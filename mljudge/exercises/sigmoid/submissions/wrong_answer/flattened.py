# mistake: flattened
import math

import numpy as np


def sigmoid(x):
    return np.array([0.5 * (1 + math.tanh(v / 2)) for v in x.ravel()])
