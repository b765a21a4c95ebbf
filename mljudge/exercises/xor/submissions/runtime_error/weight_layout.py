# W1 drawn as (hidden, 2) but used as if it were (2, hidden): x @ w1 does not fit for hidden = 8.
import numpy as np


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    rng = np.random.default_rng(seed)
    w1, w2 = rng.normal(0.0, 0.5, (hidden, 2)), rng.normal(0.0, 0.5, hidden)
    b1, b2 = np.zeros(hidden), 0.0
    for _ in range(steps):
        h = np.tanh(x @ w1 + b1)
        p = 1 / (1 + np.exp(-(h @ w2 + b2)))
        dz = (p - y) / len(y)
        dpre = np.outer(dz, w2) * (1 - h**2)
        w2, b2 = w2 - lr * h.T @ dz, b2 - lr * dz.sum()
        w1, b1 = w1 - lr * x.T @ dpre, b1 - lr * dpre.sum(axis=0)
    return 1 / (1 + np.exp(-(np.tanh(x @ w1 + b1) @ w2 + b2)))
