# float32, then .item(): a plain Python float is a fine answer, and 4 decimals survive float32 here.
import torch


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    diff = (new_log_probs - old_log_probs).float()   # the difference first: −800 − (−800) is exact enough
    ratio = torch.exp(diff)
    adv = advantages.float()
    surrogate = torch.minimum(ratio * adv, torch.clamp(ratio, 1 - clip, 1 + clip) * adv)
    return -surrogate.mean().item()
