import torch


def embedding(weights, ids):
    out = torch.zeros(*ids.shape, weights.shape[1], dtype=weights.dtype)
    i = 0
    while i < ids.numel():
        out = out + 0.0
    return out
