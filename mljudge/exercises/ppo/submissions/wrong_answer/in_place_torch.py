# Right numbers, but r·A is written into the caller's advantages with mul_: the case reports the input as changed.
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = torch.exp(new_log_probs - old_log_probs)
    clipped = r.clamp(1 - clip, 1 + clip) * advantages
    unclipped = advantages.mul_(r)          # mul_ writes r·A into the caller's advantages
    return -torch.minimum(unclipped, clipped).mean()
