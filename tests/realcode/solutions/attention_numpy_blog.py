import numpy as np


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def attention(q, k, v, mask=None):
    """Scaled dot-product attention, softmax(Q K^T / sqrt(d_k)) V, with a boolean mask (True = may attend)."""
    d_k = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)
    if mask is None:
        return softmax(scores) @ v
    mask = np.broadcast_to(mask, scores.shape)
    any_allowed = mask.any(axis=-1, keepdims=True)
    # rows with no allowed key are computed on zeros and then wiped, so no -inf - (-inf) ever happens
    scores = np.where(mask, scores, -np.inf)
    scores = np.where(any_allowed, scores, 0.0)
    weights = softmax(scores) * any_allowed
    return weights @ v
