# torch.rand wants a size, not the tensor itself: TypeError on the first training case.
import torch


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.clone()
    g = torch.Generator().manual_seed(seed)
    keep = torch.rand(x, generator=g) >= p
    return torch.where(keep, x / (1 - p), torch.zeros_like(x))
