# mistake: seed-ignored
# torch.manual_seed(0) makes runs repeatable, but with the same start whatever seed is passed.
import torch


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    torch.manual_seed(0)
    w1 = 0.5 * torch.randn(hidden, 2, dtype=torch.float64)
    w2 = 0.5 * torch.randn(hidden, dtype=torch.float64)
    b1, b2 = torch.zeros(hidden, dtype=torch.float64), torch.zeros((), dtype=torch.float64)
    for _ in range(steps):
        h = torch.tanh(x @ w1.T + b1)
        p = torch.sigmoid(h @ w2 + b2)
        dz = (p - y) / len(y)
        dpre = torch.outer(dz, w2) * (1 - h * h)
        w2, b2 = w2 - lr * h.T @ dz, b2 - lr * dz.sum()
        w1, b1 = w1 - lr * dpre.T @ x, b1 - lr * dpre.sum(0)
    return torch.sigmoid(torch.tanh(x @ w1.T + b1) @ w2 + b2)
