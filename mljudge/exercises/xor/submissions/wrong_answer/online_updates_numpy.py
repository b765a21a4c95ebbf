# mistake: per-row-answer
# Online updates, one row at a time, and each row's prediction recorded on the last pass as the weights move:
# two copies of one input are predicted with different weights.
import numpy as np


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    rng = np.random.default_rng(seed)
    w1, w2 = rng.normal(0.0, 0.5, (hidden, 2)), rng.normal(0.0, 0.5, hidden)
    b1, b2 = np.zeros(hidden), 0.0
    preds = np.zeros(len(y))
    for _ in range(steps):
        for i in range(len(y)):
            h = np.tanh(w1 @ x[i] + b1)
            p = 1 / (1 + np.exp(-(w2 @ h + b2)))
            preds[i] = p
            dz = (p - y[i]) / len(y)
            dpre = dz * w2 * (1 - h**2)
            w2, b2 = w2 - lr * dz * h, b2 - lr * dz
            w1, b1 = w1 - lr * np.outer(dpre, x[i]), b1 - lr * dpre
    return preds
