# The functional step behind torch.optim.SGD, imported by name.
import torch
import torch.nn.functional as F
from torch.optim.sgd import sgd


def train_xor(x, y, hidden=8, steps=500, lr=1.0, seed=0):
    g = torch.Generator().manual_seed(seed)
    params = [(0.5 * torch.randn(hidden, 2, generator=g, dtype=torch.float64)).requires_grad_(),
              torch.zeros(hidden, dtype=torch.float64, requires_grad=True),
              (0.5 * torch.randn(hidden, generator=g, dtype=torch.float64)).requires_grad_(),
              torch.zeros((), dtype=torch.float64, requires_grad=True)]

    def logits():
        return torch.tanh(x @ params[0].T + params[1]) @ params[2] + params[3]

    for _ in range(steps):
        grads = torch.autograd.grad(F.binary_cross_entropy_with_logits(logits(), y), params)
        with torch.no_grad():
            sgd(params, list(grads), [None] * 4, weight_decay=0.0, momentum=0.0, lr=lr, dampening=0.0,
                nesterov=False, maximize=False)
    with torch.no_grad():
        return torch.sigmoid(logits())
