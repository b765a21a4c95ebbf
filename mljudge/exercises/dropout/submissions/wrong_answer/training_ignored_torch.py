# mistake: training-ignored
import torch


def dropout(x, p, training=True, seed=0):
    if p == 1:
        return torch.zeros_like(x)
    g = torch.Generator().manual_seed(seed)
    keep = torch.rand(x.shape, generator=g, dtype=x.dtype) >= p
    return torch.where(keep, x / (1 - p), torch.zeros_like(x))
