import math

import numpy as np


def attention(q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None) -> np.ndarray:
    scores = q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1])  # (..., L_q, L_k)
    allowed = np.ones(scores.shape, dtype=bool) if mask is None else np.broadcast_to(mask, scores.shape)
    # The largest allowed score of each row; a row that allows nothing has none, and 0 stands in for it.
    top = np.max(np.where(allowed, scores, -np.inf), axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    e = np.where(allowed, np.exp(np.where(allowed, scores - top, -np.inf)), 0.0)
    total = e.sum(axis=-1, keepdims=True)
    weights = np.divide(e, total, out=np.zeros_like(e), where=total > 0)  # an empty row keeps weights 0
    return weights @ v
