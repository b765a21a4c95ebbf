# torch.optim.SGD takes the step: the training loop is the exercise.
import torch
import torch.nn.functional as F


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    w1 = (0.5 * torch.randn(hidden, 2, generator=g, dtype=torch.float64)).requires_grad_()
    w2 = (0.5 * torch.randn(hidden, generator=g, dtype=torch.float64)).requires_grad_()
    b1 = torch.zeros(hidden, dtype=torch.float64, requires_grad=True)
    b2 = torch.zeros((), dtype=torch.float64, requires_grad=True)
    opt = torch.optim.SGD([w1, b1, w2, b2], lr=lr)
    for _ in range(steps):
        opt.zero_grad()
        F.binary_cross_entropy_with_logits(torch.tanh(x @ w1.T + b1) @ w2 + b2, y).backward()
        opt.step()
    with torch.no_grad():
        return torch.sigmoid(torch.tanh(x @ w1.T + b1) @ w2 + b2)
