# mistake: linear-model
# A logistic regression, z = x @ v + c: no hidden layer, so one straight line has to separate the classes.
import numpy as np


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    v = np.random.default_rng(seed).normal(0.0, 0.5, 2)
    c = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(x @ v + c)))
        dz = (p - y) / len(y)
        v, c = v - lr * x.T @ dz, c - lr * dz.sum()
    return 1 / (1 + np.exp(-(x @ v + c)))
