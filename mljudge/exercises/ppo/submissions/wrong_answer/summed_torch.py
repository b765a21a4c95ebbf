# mistake: summed
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = torch.exp(new_log_probs - old_log_probs)
    return -torch.minimum(r * advantages, r.clamp(1 - clip, 1 + clip) * advantages).sum()
