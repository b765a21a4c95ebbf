# A small network object with forward and backward methods, W1 stored as (2, hidden) so that the forward pass is
# x @ W1, and the loss written out; the numbers differ from the model solution's, the margins do not.
import numpy as np


class TinyNet:
    def __init__(self, hidden, rng):
        self.W1 = rng.standard_normal((2, hidden)) * 0.5
        self.b1 = np.zeros(hidden)
        self.W2 = rng.standard_normal((hidden, 1)) * 0.5
        self.b2 = np.zeros(1)

    def forward(self, x):
        self.x = x
        self.h = np.tanh(x @ self.W1 + self.b1)
        return 1.0 / (1.0 + np.exp(-(self.h @ self.W2 + self.b2)))   # (N, 1)

    def backward(self, p, y):
        dz = (p - y[:, None]) / len(y)
        grads = {"W2": self.h.T @ dz, "b2": dz.sum(axis=0)}
        dpre = (dz @ self.W2.T) * (1.0 - self.h**2)
        grads["W1"] = self.x.T @ dpre
        grads["b1"] = dpre.sum(axis=0)
        return grads

    def step(self, grads, lr):
        for name, grad in grads.items():
            setattr(self, name, getattr(self, name) - lr * grad)


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    net = TinyNet(hidden, np.random.default_rng(seed))
    for _ in range(steps):
        net.step(net.backward(net.forward(x), y), lr)
    return net.forward(x)[:, 0]
