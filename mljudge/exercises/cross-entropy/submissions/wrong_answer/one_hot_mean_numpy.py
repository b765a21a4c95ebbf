# mistake: mean-over-classes
# A one-hot product, then .mean() over all N·C entries instead of a sum over the classes.
import numpy as np


def cross_entropy(logits, targets):
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    one_hot = np.eye(logits.shape[1])[targets]
    return -(one_hot * log_probs).mean()
