# Right mask and scale from torch's global generator, never seeded with `seed`: the second call with the same seed
# drops other units (the case "same-seed-again").
import torch


def dropout(x, p, training=True, seed=0):
    if not training or p == 0.0:
        return x.clone()
    if p >= 1.0:
        return torch.zeros_like(x)
    keep = torch.rand(x.shape, dtype=x.dtype) >= p
    return torch.where(keep, x / (1.0 - p), torch.zeros_like(x))
