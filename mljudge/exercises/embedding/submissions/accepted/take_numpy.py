# np.take along axis 0 with mode="raise" refuses ids past the end; negative ids still need their own check.
import numpy as np


def embedding(weights, ids):
    if np.any(ids < 0):
        raise IndexError("negative id")
    return np.take(weights, ids, axis=0, mode="raise")
