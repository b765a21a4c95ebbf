# mistake: scale-by-p
import torch


def dropout(x, p, training=True, seed=0):
    if not training:
        return x.clone()
    g = torch.Generator().manual_seed(seed)
    keep = torch.rand(x.shape, generator=g, dtype=x.dtype) >= p
    return x * keep / p
