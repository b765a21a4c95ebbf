from typing import Optional

import torch


def masked_mean(values: torch.Tensor, mask: torch.Tensor, axis: Optional[int] = None) -> torch.Tensor:
    """Compute mean of tensor with a masked values."""
    if axis is not None:
        return (values * mask).sum(axis=axis) / mask.sum(axis=axis)
    else:
        return (values * mask).sum() / mask.sum()


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    logprobs, old_logprobs = new_log_probs, old_log_probs
    mask = torch.ones_like(logprobs)
    cliprange = clip

    ratio = torch.exp(logprobs - old_logprobs)

    pg_losses = -advantages * ratio
    pg_losses2 = -advantages * torch.clamp(ratio, 1.0 - cliprange, 1.0 + cliprange)

    pg_loss = masked_mean(torch.max(pg_losses, pg_losses2), mask)
    pg_clipfrac = masked_mean(torch.gt(pg_losses2, pg_losses).float(), mask)
    del pg_clipfrac
    return pg_loss
