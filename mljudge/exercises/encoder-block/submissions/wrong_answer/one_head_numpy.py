# mistake: one-head
# Single-head attention over all d_model columns, scaled by √d_model: n_heads is never used.
import numpy as np


def norm(y, gamma, beta, eps):
    mean = y.mean(axis=-1, keepdims=True)
    return gamma * (y - mean) / np.sqrt(y.var(axis=-1, keepdims=True) + eps) + beta


def encoder_block(x, p, n_heads, eps=1e-5):
    q, k, v = (x @ p["w_" + n] + p["b_" + n] for n in "qkv")
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(x.shape[-1])
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights = weights / weights.sum(axis=-1, keepdims=True)
    x1 = norm(x + (weights @ v) @ p["w_o"] + p["b_o"], p["ln1_gamma"], p["ln1_beta"], eps)
    ffn = np.maximum(x1 @ p["w1"] + p["b1"], 0.0) @ p["w2"] + p["b2"]
    return norm(x1 + ffn, p["ln2_gamma"], p["ln2_beta"], eps)
