# mistake: flattened
import numpy as np


def embedding(weights, ids):
    n = weights.shape[0]
    if np.any((ids < 0) | (ids >= n)):
        raise IndexError("id out of range")
    return np.concatenate([weights[i] for i in ids.reshape(-1)] + [np.zeros(0)])
