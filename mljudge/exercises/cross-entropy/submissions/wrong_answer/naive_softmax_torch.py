# mistake: naive
# A softmax without the maximum, then −log of the right class: inf/inf and 0/0 at ±1000, the same NaN and inf.
import torch


def cross_entropy(logits, targets):
    e = torch.exp(logits)
    p = e / e.sum(dim=1, keepdim=True)
    return -torch.log(p[torch.arange(len(targets)), targets]).mean()
