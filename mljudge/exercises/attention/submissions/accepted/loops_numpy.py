# One query at a time, for every leading index: the definition written out with Python loops.
import math

import numpy as np


def attention(q, k, v, mask=None):
    lead = q.shape[:-2]
    n_q, n_k = q.shape[-2], k.shape[-2]
    allowed = np.ones(lead + (n_q, n_k), dtype=bool) if mask is None else np.broadcast_to(mask, lead + (n_q, n_k))
    out = np.zeros(lead + (n_q, v.shape[-1]))
    scale = math.sqrt(q.shape[-1])
    for index in np.ndindex(*lead):
        for i in range(n_q):
            keys = [j for j in range(n_k) if allowed[index + (i, j)]]
            if not keys:
                continue  # nothing allowed: the row stays zeros
            scores = [float(q[index + (i,)] @ k[index + (j,)]) / scale for j in keys]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            for e, j in zip(exps, keys):
                out[index + (i,)] += e / total * v[index + (j,)]
    return out
