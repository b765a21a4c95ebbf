# Sequence by sequence, head by head, query by query: slow, but every index is spelt out.
import math

import numpy as np


def layer_norm(row, gamma, beta, eps):
    mean = sum(row) / len(row)
    var = sum((v - mean) ** 2 for v in row) / len(row)
    return gamma * (row - mean) / math.sqrt(var + eps) + beta


def one_sequence(x, p, n_heads, eps):
    length, d = x.shape
    d_head = d // n_heads
    q, k, v = x @ p["w_q"] + p["b_q"], x @ p["w_k"] + p["b_k"], x @ p["w_v"] + p["b_v"]
    joined = np.zeros((length, d))
    for h in range(n_heads):
        cols = slice(h * d_head, (h + 1) * d_head)
        for i in range(length):
            scores = [float(q[i, cols] @ k[j, cols]) / math.sqrt(d_head) for j in range(length)]
            top = max(scores)
            weights = [math.exp(s - top) for s in scores]
            total = sum(weights)
            for j in range(length):
                joined[i, cols] += weights[j] / total * v[j, cols]
    attended = joined @ p["w_o"] + p["b_o"]
    x1 = np.array([layer_norm(r, p["ln1_gamma"], p["ln1_beta"], eps) for r in x + attended])
    ffn = np.maximum(x1 @ p["w1"] + p["b1"], 0.0) @ p["w2"] + p["b2"]
    return np.array([layer_norm(r, p["ln2_gamma"], p["ln2_beta"], eps) for r in x1 + ffn])


def encoder_block(x, p, n_heads, eps=1e-5):
    if x.ndim == 2:
        return one_sequence(x, p, n_heads, eps)
    return np.stack([one_sequence(seq, p, n_heads, eps) for seq in x])
