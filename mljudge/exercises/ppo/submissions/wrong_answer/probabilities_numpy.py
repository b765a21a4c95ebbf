# mistake: probabilities-divided
# π_new/π_old from the probabilities themselves: exp(−800) is 0 in float64, and 0/0 is NaN.
import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = np.exp(new_log_probs) / np.exp(old_log_probs)
    return -np.mean(np.minimum(r * advantages, np.clip(r, 1 - clip, 1 + clip) * advantages))
