# mistake: fixed-pattern
# Evenly spaced drops instead of random ones: unit i is switched off when ⌊(i + 1)·p⌋ > ⌊i·p⌋ (every 5th unit for
# p = 0.2). Both halves lose the same share, so the halves test passes; the neighbour-pairs test sees that two
# neighbours are never (or always) dropped together.
import torch


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.clone()
    if p == 1:
        return torch.zeros_like(x)
    i = torch.arange(x.numel(), dtype=torch.float64).reshape(x.shape)
    dropped = torch.floor((i + 1) * p) > torch.floor(i * p)
    return torch.where(dropped, torch.zeros_like(x), x / (1 - p))
