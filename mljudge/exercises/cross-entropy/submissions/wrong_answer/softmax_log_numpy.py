# mistake: log-of-softmax
import numpy as np


def cross_entropy(logits, targets):
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    p = e / e.sum(axis=1, keepdims=True)
    return -np.mean(np.log(p[np.arange(len(targets)), targets]))
