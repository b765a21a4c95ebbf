# mistake: off-by-one
import numpy as np


def embedding(weights, ids):
    if np.any(ids >= weights.shape[0]):
        raise IndexError("id out of range")
    return weights[ids - 1]
