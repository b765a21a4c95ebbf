# The policy part of OpenAI baselines' ppo2 model, in NumPy: negative log-probabilities, as baselines keeps them.
import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    neglogpac = -new_log_probs
    OLDNEGLOGPAC = -old_log_probs
    ADV = advantages
    CLIPRANGE = clip

    # Calculate ratio (pi current policy / pi old policy)
    ratio = np.exp(OLDNEGLOGPAC - neglogpac)

    # Defining Loss = - J is equivalent to max J
    pg_losses = -ADV * ratio
    pg_losses2 = -ADV * np.clip(ratio, 1.0 - CLIPRANGE, 1.0 + CLIPRANGE)

    # Final PG loss
    pg_loss = np.mean(np.maximum(pg_losses, pg_losses2))
    approxkl = .5 * np.mean(np.square(neglogpac - OLDNEGLOGPAC))
    clipfrac = np.mean(np.greater(np.abs(ratio - 1.0), CLIPRANGE).astype(float))
    del approxkl, clipfrac  # logged by the runner in baselines
    return pg_loss
