# track: numpy
# One action at a time with the math module, over the flattened arrays.
import math


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    total = 0.0
    pairs = zip(new_log_probs.ravel(), old_log_probs.ravel(), advantages.ravel(), strict=True)
    for new, old, adv in pairs:
        r = math.exp(new - old)
        total += min(r * adv, min(max(r, 1 - clip), 1 + clip) * adv)
    return -total / new_log_probs.size
