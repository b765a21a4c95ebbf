import torch


def ppo_loss(new_log_probs: torch.Tensor, old_log_probs: torch.Tensor, advantages: torch.Tensor,
             clip: float = 0.2) -> torch.Tensor:
    """PPO's clipped surrogate objective, as a loss to minimise.

    new_log_probs, old_log_probs, advantages: float64 tensors of one shape (any shape); clip: the float epsilon.
        r = exp(new_log_probs - old_log_probs)
        loss = -mean(min(r * A, clip(r, 1 - clip, 1 + clip) * A))      over every element
    Return one number (a 0-d tensor or a float); do not modify the inputs.
    """
    # Your code here
    raise NotImplementedError("ppo_loss is not written yet")
