# mistake: shift-not-undone
import numpy as np


def cross_entropy(logits, targets):
    m = logits.max(axis=1, keepdims=True)
    lse = np.log(np.exp(logits - m).sum(axis=1))
    return np.mean(lse - logits[np.arange(len(targets)), targets])
