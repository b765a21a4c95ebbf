# mistake: clip-product
import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    surrogate = np.exp(new_log_probs - old_log_probs) * advantages
    return -np.minimum(surrogate, np.clip(surrogate, 1 - clip, 1 + clip)).mean()
