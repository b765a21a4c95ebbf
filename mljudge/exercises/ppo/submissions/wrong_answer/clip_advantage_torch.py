# mistake: clip-advantage
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = torch.exp(new_log_probs - old_log_probs)
    return -torch.min(r * advantages, r * advantages.clamp(1 - clip, 1 + clip)).mean()
