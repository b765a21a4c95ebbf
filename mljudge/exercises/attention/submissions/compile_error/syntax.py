import math

import numpy as np


def attention(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1]
    return scores @ v
