# The gradient summed row by row in a Python loop, the weights updated once per pass (still full-batch descent).
import numpy as np


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    rng = np.random.default_rng(seed)
    w1 = rng.normal(0.0, 0.5, (hidden, 2))
    w2 = rng.normal(0.0, 0.5, hidden)
    b1 = np.zeros(hidden)
    b2 = 0.0
    n = len(y)
    for _ in range(steps):
        g_w1, g_b1, g_w2, g_b2 = np.zeros_like(w1), np.zeros(hidden), np.zeros(hidden), 0.0
        for row, label in zip(x, y):
            h = np.tanh(w1 @ row + b1)
            p = 1.0 / (1.0 + np.exp(-(w2 @ h + b2)))
            dz = (p - label) / n
            g_w2 += dz * h
            g_b2 += dz
            dpre = dz * w2 * (1.0 - h * h)
            g_w1 += np.outer(dpre, row)
            g_b1 += dpre
        w1, b1, w2, b2 = w1 - lr * g_w1, b1 - lr * g_b1, w2 - lr * g_w2, b2 - lr * g_b2
    return 1.0 / (1.0 + np.exp(-(np.tanh(x @ w1.T + b1) @ w2 + b2)))
