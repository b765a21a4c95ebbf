import numpy as np


class NeuralNetwork:
    """A 2-hidden-1 network for XOR: tanh hidden layer, sigmoid output, cross-entropy, full-batch descent."""

    def __init__(self, n_hidden, seed=0):
        rng = np.random.default_rng(seed)
        self.W1 = rng.normal(0.0, 0.5, (n_hidden, 2))
        self.w2 = rng.normal(0.0, 0.5, n_hidden)
        self.b1 = np.zeros(n_hidden)
        self.b2 = 0.0
        self.losses = []

    @staticmethod
    def sigmoid(z):
        return 1.0 / (1.0 + np.exp(-z))

    def feedforward(self, X):
        self.hidden = np.tanh(X @ self.W1.T + self.b1)
        self.output = self.sigmoid(self.hidden @ self.w2 + self.b2)
        return self.output

    def backprop(self, X, y, lr):
        n = X.shape[0]
        dz = (self.output - y) / n
        d_w2 = self.hidden.T @ dz
        d_b2 = dz.sum()
        d_pre = np.outer(dz, self.w2) * (1 - self.hidden ** 2)
        d_W1 = d_pre.T @ X
        d_b1 = d_pre.sum(axis=0)
        self.w2 = self.w2 - lr * d_w2
        self.b2 = self.b2 - lr * d_b2
        self.W1 = self.W1 - lr * d_W1
        self.b1 = self.b1 - lr * d_b1

    def loss(self, y):
        p = np.clip(self.output, 1e-12, 1 - 1e-12)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))

    def train(self, X, y, epochs, lr, verbose=False):
        for epoch in range(epochs):
            self.feedforward(X)
            self.losses.append(self.loss(y))
            self.backprop(X, y, lr)
            if verbose and epoch % 100 == 0:
                print(f"epoch {epoch:4d}  loss {self.losses[-1]:.4f}")
        return self


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    nn = NeuralNetwork(hidden, seed).train(x, y, steps, lr, verbose=True)
    return nn.feedforward(x)


if __name__ == "__main__":
    X = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)
    Y = np.array([0, 1, 1, 0], dtype=float)
    print(train_xor(X, Y).round(3))
