# mistake: symmetric
# Every weight starts at zero: every hidden unit computes the same thing and gets the same gradient (zero, here),
# so only the output bias ever learns.
import numpy as np


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    w1, b1, w2, b2 = np.zeros((hidden, 2)), np.zeros(hidden), np.zeros(hidden), 0.0
    for _ in range(steps):
        h = np.tanh(x @ w1.T + b1)
        p = 1 / (1 + np.exp(-(h @ w2 + b2)))
        dz = (p - y) / len(y)
        dpre = np.outer(dz, w2) * (1 - h**2)
        w2, b2 = w2 - lr * h.T @ dz, b2 - lr * dz.sum()
        w1, b1 = w1 - lr * dpre.T @ x, b1 - lr * dpre.sum(axis=0)
    return 1 / (1 + np.exp(-(np.tanh(x @ w1.T + b1) @ w2 + b2)))
