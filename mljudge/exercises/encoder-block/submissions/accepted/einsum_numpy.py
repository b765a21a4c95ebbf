# einsum names every axis: b (batch, 1 for a single sequence), q and k (positions), h (heads), e (head width).
import numpy as np


def encoder_block(x, p, n_heads, eps=1e-5):
    single = x.ndim == 2
    xb = x[None] if single else x
    b, length, d = xb.shape
    e = d // n_heads

    def project(name):
        return (xb @ p["w_" + name] + p["b_" + name]).reshape(b, length, n_heads, e)

    q, k, v = project("q"), project("k"), project("v")
    scores = np.einsum("bqhe,bkhe->bhqk", q, k) / np.sqrt(e)
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    joined = np.einsum("bhqk,bkhe->bqhe", weights, v).reshape(b, length, d)
    y = xb + joined @ p["w_o"] + p["b_o"]

    def norm(t, g, beta):
        centred = t - t.mean(axis=-1, keepdims=True)
        return g * centred / np.sqrt(np.var(t, axis=-1, keepdims=True) + eps) + beta

    x1 = norm(y, p["ln1_gamma"], p["ln1_beta"])
    out = norm(x1 + np.maximum(x1 @ p["w1"] + p["b1"], 0) @ p["w2"] + p["b2"], p["ln2_gamma"], p["ln2_beta"])
    return out[0] if single else out
