# mistake: attention-across-batch
# The batch flattened to (N·L, d) "to make the matrix products simple": every position then attends to all N·L.
import numpy as np


def norm(y, gamma, beta, eps):
    mean = y.mean(axis=-1, keepdims=True)
    return gamma * (y - mean) / np.sqrt(y.var(axis=-1, keepdims=True) + eps) + beta


def encoder_block(x, p, n_heads, eps=1e-5):
    d = x.shape[-1]
    flat = x.reshape(-1, d)
    rows = flat.shape[0]
    q, k, v = ((flat @ p["w_" + n] + p["b_" + n]).reshape(rows, n_heads, -1).transpose(1, 0, 2) for n in "qkv")
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(d // n_heads)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    joined = (weights @ v).transpose(1, 0, 2).reshape(rows, d)
    x1 = norm(flat + joined @ p["w_o"] + p["b_o"], p["ln1_gamma"], p["ln1_beta"], eps)
    out = norm(x1 + np.maximum(x1 @ p["w1"] + p["b1"], 0) @ p["w2"] + p["b2"], p["ln2_gamma"], p["ln2_beta"], eps)
    return out.reshape(x.shape)
