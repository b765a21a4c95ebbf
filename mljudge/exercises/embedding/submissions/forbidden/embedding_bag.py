# A bag of one id per row sums to that row: the same layer by another door.
import torch
from torch.nn import functional


def embedding(weights, ids):
    flat = ids.reshape(-1, 1)
    return functional.embedding_bag(flat, weights, mode="sum").reshape(*ids.shape, weights.shape[1])
