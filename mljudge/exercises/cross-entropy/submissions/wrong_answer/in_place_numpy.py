# The right number, but the logits are shifted in place: the caller's scores are changed.
import numpy as np


def cross_entropy(logits, targets):
    logits -= logits.max(axis=1, keepdims=True)
    log_probs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    return -log_probs[np.arange(len(targets)), targets].mean()
