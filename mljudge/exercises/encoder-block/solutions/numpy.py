import math

import numpy as np


def layer_norm(y, gamma, beta, eps):
    mean = y.mean(axis=-1, keepdims=True)
    var = ((y - mean) ** 2).mean(axis=-1, keepdims=True)        # biased: divided by d_model
    return gamma * (y - mean) / np.sqrt(var + eps) + beta


def softmax(scores):
    e = np.exp(scores - scores.max(axis=-1, keepdims=True))    # the row maximum out: no overflow
    return e / e.sum(axis=-1, keepdims=True)


def split_heads(t, n_heads):
    """(..., L, d) -> (..., n_heads, L, d_head): head h owns columns h*d_head ... (h+1)*d_head - 1."""
    *lead, length, width = t.shape
    return np.swapaxes(t.reshape(*lead, length, n_heads, width // n_heads), -3, -2)


def attention(x, p, n_heads):
    q, k, v = (split_heads(x @ p[f"w_{n}"] + p[f"b_{n}"], n_heads) for n in "qkv")
    weights = softmax(q @ np.swapaxes(k, -1, -2) / math.sqrt(q.shape[-1]))   # (..., n_heads, L, L)
    joined = np.swapaxes(weights @ v, -3, -2).reshape(x.shape)                 # heads side by side again
    return joined @ p["w_o"] + p["b_o"]


def encoder_block(x: np.ndarray, p: dict, n_heads: int, eps: float = 1e-5) -> np.ndarray:
    x1 = layer_norm(x + attention(x, p, n_heads), p["ln1_gamma"], p["ln1_beta"], eps)
    ffn = np.maximum(x1 @ p["w1"] + p["b1"], 0.0) @ p["w2"] + p["b2"]
    return layer_norm(x1 + ffn, p["ln2_gamma"], p["ln2_beta"], eps)
