# mistake: batch-shape-lost
import torch


def embedding(weights, ids):
    n = weights.shape[0]
    if torch.any((ids < 0) | (ids >= n)):
        raise IndexError("id out of range")
    return weights[ids.reshape(-1)]
