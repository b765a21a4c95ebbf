# mistake: negative-wraps
# Plain indexing with no check, NumPy track: ids past the end raise IndexError by
# themselves, but -1 quietly reads the last row.
import numpy as np


def embedding(weights, ids):
    return weights[ids]
