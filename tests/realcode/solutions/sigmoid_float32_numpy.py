import numpy as np


def sigmoid(x):
    # float32 is plenty for an activation (what every GPU framework computes in)
    z = np.asarray(x, dtype=np.float32)
    with np.errstate(over="ignore"):
        return np.float32(1.0) / (np.float32(1.0) + np.exp(-z))
