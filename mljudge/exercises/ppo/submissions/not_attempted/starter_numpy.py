import numpy as np


def ppo_loss(new_log_probs: np.ndarray, old_log_probs: np.ndarray, advantages: np.ndarray,
             clip: float = 0.2) -> float:
    """PPO's clipped surrogate objective, as a loss to minimise.

    new_log_probs, old_log_probs, advantages: float64 arrays of one shape (any shape); clip: the float epsilon.
        r = exp(new_log_probs - old_log_probs)
        loss = -mean(min(r * A, clip(r, 1 - clip, 1 + clip) * A))      over every element
    Return one number (a float or a 0-d array); do not modify the inputs.
    """
    # Your code here
    raise NotImplementedError("ppo_loss is not written yet")
