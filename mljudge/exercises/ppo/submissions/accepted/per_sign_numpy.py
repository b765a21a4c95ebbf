# The minimum written per sign of the advantage: A·min(r, 1 + ε) for A ≥ 0, A·max(r, 1 − ε) for A < 0.
import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    r = np.exp(new_log_probs - old_log_probs)
    objective = np.where(advantages >= 0, advantages * np.minimum(r, 1 + clip),
                         advantages * np.maximum(r, 1 - clip))
    return -objective.mean()
