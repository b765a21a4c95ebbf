import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = np.exp(new_log_probs - old_log_probs)
    while np.any(np.abs(r - 1) > clip):   # "shrink the update until it is inside the clip range": r never changes
        r = r * 1.0
    return -np.mean(r * advantages)
