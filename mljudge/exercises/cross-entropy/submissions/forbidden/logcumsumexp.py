# The last entry of a running log-sum-exp is the log-sum-exp: refused as well.
import torch


def cross_entropy(logits, targets):
    lse = torch.logcumsumexp(logits, dim=1)[:, -1]
    return (lse - logits[torch.arange(len(targets)), targets]).mean()
