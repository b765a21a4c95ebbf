# mistake: naive
import numpy as np


def cross_entropy(logits, targets):
    lse = np.log(np.exp(logits).sum(axis=1))
    return np.mean(lse - logits[np.arange(len(targets)), targets])
