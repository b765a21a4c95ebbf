import numpy as np


def ppo_loss(new_log_probs: np.ndarray, old_log_probs: np.ndarray, advantages: np.ndarray,
             clip: float = 0.2) -> float:
    ratio = np.exp(new_log_probs - old_log_probs)          # from the difference: no underflow at −800
    unclipped = ratio * advantages
    clipped = np.clip(ratio, 1.0 - clip, 1.0 + clip) * advantages
    return float(-np.mean(np.minimum(unclipped, clipped)))
