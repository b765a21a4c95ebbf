from typing import Callable, Union

import numpy as np
import torch as th

Schedule = Callable[[float], float]


def constant_fn(val: float) -> Schedule:
    """
    Create a function that returns a constant
    It is useful for learning rate schedule (to avoid code duplication)
    """

    def func(_):
        return val

    return func


def get_schedule_fn(value_schedule: Union[Schedule, float]) -> Schedule:
    """Transform (if needed) learning rate and clip range (for PPO) to callable."""
    if isinstance(value_schedule, (float, int)):
        # Cast to float to avoid errors
        value_schedule = constant_fn(float(value_schedule))
    else:
        assert callable(value_schedule)
    return value_schedule


class PPOLoss:
    def __init__(self, clip_range: Union[float, Schedule] = 0.2, normalize_advantage: bool = True):
        self.clip_range = get_schedule_fn(clip_range)
        self.normalize_advantage = normalize_advantage
        self._current_progress_remaining = 1.0
        self.pg_losses, self.clip_fractions = [], []

    def __call__(self, log_prob, old_log_prob, advantages):
        clip_range = self.clip_range(self._current_progress_remaining)
        # Normalize advantage
        if self.normalize_advantage and len(advantages) > 1:
            advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)

        # ratio between old and new policy, should be one at the first iteration
        ratio = th.exp(log_prob - old_log_prob)

        # clipped surrogate loss
        policy_loss_1 = advantages * ratio
        policy_loss_2 = advantages * th.clamp(ratio, 1 - clip_range, 1 + clip_range)
        policy_loss = -th.min(policy_loss_1, policy_loss_2).mean()

        # Logging
        self.pg_losses.append(policy_loss.item())
        clip_fraction = th.mean((th.abs(ratio - 1) > clip_range).float()).item()
        self.clip_fractions.append(clip_fraction)
        return policy_loss


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    loss = PPOLoss(clip_range=clip, normalize_advantage=False)
    out = loss(new_log_probs, old_log_probs, advantages)
    _ = np.mean(loss.clip_fractions)
    return out
