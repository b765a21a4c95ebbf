# One-hot rows from an identity matrix, then a product with the table.
import numpy as np


def embedding(weights, ids):
    n = weights.shape[0]
    if np.any(ids < 0) or np.any(ids >= n):
        raise IndexError("id out of range")
    return np.eye(n)[ids] @ weights
