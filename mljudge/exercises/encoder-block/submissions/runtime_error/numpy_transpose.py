# k.T on the 3-D heads array reverses *all* its axes, (h, L, d_head) → (d_head, L, h): the product cannot be formed.
import numpy as np


def encoder_block(x, p, n_heads, eps=1e-5):
    length, d = x.shape[-2:]
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).reshape(length, n_heads, -1).transpose(1, 0, 2) for n in "qkv")
    scores = q @ k.T / np.sqrt(d // n_heads)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    return (weights @ v).transpose(1, 0, 2).reshape(length, d)
