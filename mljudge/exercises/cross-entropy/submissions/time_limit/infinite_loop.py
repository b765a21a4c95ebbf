import numpy as np


def cross_entropy(logits, targets):
    loss = 0.0
    while True:
        loss = loss + np.log(np.exp(logits - logits.max()).sum())
