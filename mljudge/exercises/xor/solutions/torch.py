import torch
import torch.nn.functional as F


def train_xor(x: torch.Tensor, y: torch.Tensor, hidden: int = 8, steps: int = 500, lr: float = 1.0,
              seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    w1 = (0.5 * torch.randn(hidden, 2, generator=g, dtype=torch.float64)).requires_grad_()
    w2 = (0.5 * torch.randn(hidden, generator=g, dtype=torch.float64)).requires_grad_()
    b1 = torch.zeros(hidden, dtype=torch.float64, requires_grad=True)
    b2 = torch.zeros((), dtype=torch.float64, requires_grad=True)
    params = [w1, b1, w2, b2]

    def logits() -> torch.Tensor:
        return torch.tanh(x @ w1.T + b1) @ w2 + b2

    for _ in range(steps):
        loss = F.binary_cross_entropy_with_logits(logits(), y)
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, grad in zip(params, grads, strict=True):
                p -= lr * grad
    with torch.no_grad():
        return torch.sigmoid(logits())
