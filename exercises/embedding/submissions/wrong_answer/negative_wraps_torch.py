# Plain indexing with no check: ids past the end raise, but -1 quietly reads the last row.
# The case table says the negative-id case should have raised; no targeted hint (see mistakes.toml).
import torch


def embedding(weights, ids):
    return weights[ids]
