# torch.logaddexp, two numbers at a time, folded over the classes by hand.
import torch


def cross_entropy(logits, targets):
    lse = logits[:, 0]
    for j in range(1, logits.shape[1]):
        lse = torch.logaddexp(lse, logits[:, j])
    picked = logits[torch.arange(logits.shape[0]), targets]
    return torch.mean(lse - picked)
