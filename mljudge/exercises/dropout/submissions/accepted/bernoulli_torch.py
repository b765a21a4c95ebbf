# A Bernoulli mask of keep probabilities, multiplied in: the textbook form.
import torch


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.clone()
    if p == 1:
        return torch.zeros_like(x)
    g = torch.Generator().manual_seed(seed)
    mask = torch.bernoulli(torch.full_like(x, 1 - p), generator=g)
    return x * mask / (1 - p)
