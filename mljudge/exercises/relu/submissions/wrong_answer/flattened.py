# mistake: flattened
# Right values, lost shape: a loop over x.ravel() collects the results in a flat array.
import numpy as np


def relu(x):
    return np.array([max(0.0, v) for v in x.ravel()])
