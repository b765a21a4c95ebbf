# A lookup is a matrix product with one-hot rows: more work, the same numbers.
import torch
import torch.nn.functional as F


def embedding(weights, ids):
    n = weights.shape[0]
    if bool(((ids < 0) | (ids >= n)).any()):
        raise ValueError("id out of range")
    one_hot = F.one_hot(ids, num_classes=n).to(weights.dtype)
    return one_hot @ weights
