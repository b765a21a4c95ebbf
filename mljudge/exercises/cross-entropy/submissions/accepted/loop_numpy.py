# One example at a time with the math module, returning a plain Python float.
import math

import numpy as np


def cross_entropy(logits, targets):
    total = 0.0
    for row, t in zip(logits.tolist(), targets.tolist()):
        m = max(row)
        lse = m + math.log(sum(math.exp(z - m) for z in row))
        total += lse - row[t]
    return total / len(targets)
