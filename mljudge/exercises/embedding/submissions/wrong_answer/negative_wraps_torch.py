# mistake: negative-wraps
# Plain indexing with no check: ids past the end raise IndexError by
# themselves, but -1 quietly reads the last row.
import torch


def embedding(weights, ids):
    return weights[ids]
