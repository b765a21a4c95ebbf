# mistake: clipped-only
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = torch.exp(new_log_probs - old_log_probs)
    return -(torch.clamp(r, 1 - clip, 1 + clip) * advantages).mean()
