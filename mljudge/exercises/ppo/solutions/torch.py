import torch


def ppo_loss(new_log_probs: torch.Tensor, old_log_probs: torch.Tensor, advantages: torch.Tensor,
             clip: float = 0.2) -> torch.Tensor:
    ratio = torch.exp(new_log_probs - old_log_probs)        # from the difference: no underflow at −800
    unclipped = ratio * advantages
    clipped = torch.clamp(ratio, 1.0 - clip, 1.0 + clip) * advantages
    return -torch.minimum(unclipped, clipped).mean()
