import torch
import torch.nn.functional as F


def forward(params, x):
    W1, b1, w2, b2 = params
    return torch.tanh(x @ W1.T + b1) @ w2 + b2


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    params = [
        0.5 * torch.randn(hidden, 2, generator=g, dtype=torch.float64),
        torch.zeros(hidden, dtype=torch.float64),
        0.5 * torch.randn(hidden, generator=g, dtype=torch.float64),
        torch.zeros((), dtype=torch.float64),
    ]
    params = [p.requires_grad_() for p in params]
    for _ in range(steps):
        loss = F.binary_cross_entropy_with_logits(forward(params, x), y)
        grads = torch.autograd.grad(loss, params)
        params = [(p - lr * dp).detach().requires_grad_() for p, dp in zip(params, grads)]
    with torch.no_grad():
        return torch.sigmoid(forward(params, x))
