# `from numpy import clip` is shadowed by the argument named clip: calling the float 0.2 raises TypeError.
import numpy as np
from numpy import clip as clip  # noqa: F401


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = np.exp(new_log_probs - old_log_probs)
    return -np.mean(np.minimum(r * advantages, clip(r, 1 - clip, 1 + clip) * advantages))
