# mistake: column-shape
# nn.Linear(hidden, 1) gives one logit per row as a column: (N, 1) is returned as it is.
import torch


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    w1 = (0.5 * torch.randn(hidden, 2, generator=g, dtype=torch.float64)).requires_grad_()
    w2 = (0.5 * torch.randn(1, hidden, generator=g, dtype=torch.float64)).requires_grad_()
    b1 = torch.zeros(hidden, dtype=torch.float64, requires_grad=True)
    b2 = torch.zeros(1, dtype=torch.float64, requires_grad=True)
    for _ in range(steps):
        p = torch.sigmoid(torch.tanh(x @ w1.T + b1) @ w2.T + b2)            # (N, 1)
        loss = -(y[:, None] * torch.log(p) + (1 - y[:, None]) * torch.log(1 - p)).mean()
        loss.backward()
        with torch.no_grad():
            for param in (w1, b1, w2, b2):
                param -= lr * param.grad
                param.grad = None
    with torch.no_grad():
        return torch.sigmoid(torch.tanh(x @ w1.T + b1) @ w2.T + b2)
