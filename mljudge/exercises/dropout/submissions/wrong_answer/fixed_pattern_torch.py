# mistake: fixed-pattern
# The same mask on every call, whatever the seed: the first round(p·n) units are switched off. The values and the
# share are right; the spread test on the large cases sees that the dropped units all sit at the front.
import torch


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.clone()
    if p == 1:
        return torch.zeros_like(x)
    keep = torch.arange(x.numel()).reshape(x.shape) >= round(p * x.numel())
    return torch.where(keep, x / (1 - p), torch.zeros_like(x))
