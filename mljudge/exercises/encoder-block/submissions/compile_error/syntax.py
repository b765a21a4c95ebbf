import numpy as np


def encoder_block(x, p, n_heads, eps=1e-5):
    q = x @ p["w_q"] + p["b_q"]
    scores = q @ q.T / np.sqrt(x.shape[-1] // n_heads
    return scores
