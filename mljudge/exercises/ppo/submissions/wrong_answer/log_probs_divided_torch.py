# mistake: log-probs-divided
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = new_log_probs / old_log_probs
    return -torch.minimum(r * advantages, r.clamp(1 - clip, 1 + clip) * advantages).mean()
