from typing import Optional

import torch
from torch import Tensor, nn


class CrossEntropyLoss(nn.Module):
    """A from-scratch twin of nn.CrossEntropyLoss for class-index targets: log-softmax by the log-sum-exp
    trick, `ignore_index` rows dropped from the mean, reduction 'mean' | 'sum' | 'none'."""

    def __init__(self, ignore_index: int = -100, reduction: str = "mean", weight: Optional[Tensor] = None):
        super().__init__()
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.weight = weight

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        m = input.max(dim=-1, keepdim=True).values
        log_probs = input - m - (input - m).exp().sum(dim=-1, keepdim=True).log()
        keep = target != self.ignore_index
        safe_target = torch.where(keep, target, torch.zeros_like(target))
        nll = -log_probs.gather(-1, safe_target.unsqueeze(-1)).squeeze(-1)
        nll = nll * keep
        if self.reduction == "none":
            return nll
        if self.reduction == "sum":
            return nll.sum()
        return nll.sum() / keep.sum()


def cross_entropy(logits, targets):
    return CrossEntropyLoss()(logits, targets)
