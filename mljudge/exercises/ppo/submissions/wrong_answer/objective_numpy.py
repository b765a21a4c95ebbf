# mistake: maximised
# The paper's objective L^CLIP as written, to be maximised; a loss for gradient descent needs the minus.
import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = np.exp(new_log_probs - old_log_probs)
    return np.mean(np.minimum(r * advantages, np.clip(r, 1 - clip, 1 + clip) * advantages))
