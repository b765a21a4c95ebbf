# mistake: normalised-advantages-biased-std
# OpenAI Baselines' ppo2: model.train() normalises the advantages with NumPy's std (÷ n) before the loss, here
# moved into it; the loss is the max of the negated terms, as ppo2 and CleanRL write it (that part is right).
import numpy as np


def ppo_loss(new_log_probs, old_log_probs, advantages, clip=0.2):
    # Normalize the advantages
    advs = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    ratio = np.exp(new_log_probs - old_log_probs)
    pg_losses = -advs * ratio
    pg_losses2 = -advs * np.clip(ratio, 1.0 - clip, 1.0 + clip)
    return np.mean(np.maximum(pg_losses, pg_losses2))
