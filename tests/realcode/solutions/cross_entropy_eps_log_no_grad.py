import torch

EPS = 1e-12


@torch.no_grad()
def cross_entropy(logits, targets):
    probs = torch.softmax(logits, dim=1)
    p_true = probs[torch.arange(logits.shape[0]), targets]
    return -torch.log(p_true + EPS).mean()  # eps so log(0) never happens
