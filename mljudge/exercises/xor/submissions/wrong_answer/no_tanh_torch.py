# mistake: linear-model
# The hidden layer is there, but without its tanh: two linear layers in a row are one linear layer.
import torch
import torch.nn.functional as F


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    w1 = (0.5 * torch.randn(hidden, 2, generator=g, dtype=torch.float64)).requires_grad_()
    w2 = (0.5 * torch.randn(hidden, generator=g, dtype=torch.float64)).requires_grad_()
    b1 = torch.zeros(hidden, dtype=torch.float64, requires_grad=True)
    b2 = torch.zeros((), dtype=torch.float64, requires_grad=True)
    params = [w1, b1, w2, b2]
    for _ in range(steps):
        z = (x @ w1.T + b1) @ w2 + b2
        grads = torch.autograd.grad(F.binary_cross_entropy_with_logits(z, y), params)
        with torch.no_grad():
            for param, grad in zip(params, grads):
                param -= lr * grad
    with torch.no_grad():
        return torch.sigmoid((x @ w1.T + b1) @ w2 + b2)
