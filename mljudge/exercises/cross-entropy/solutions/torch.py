import torch


def cross_entropy(logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
    shifted = logits - logits.amax(dim=1, keepdim=True)
    log_probs = shifted - torch.log(torch.exp(shifted).sum(dim=1, keepdim=True))
    return -log_probs[torch.arange(len(targets)), targets].mean()
