# mistake: summed
import torch


def cross_entropy(logits, targets):
    shifted = logits - logits.amax(dim=1, keepdim=True)
    log_probs = shifted - shifted.exp().sum(dim=1, keepdim=True).log()
    return -log_probs[torch.arange(len(targets)), targets].sum()
