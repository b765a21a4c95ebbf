import torch
import torch.nn as nn


class MyDropout(nn.Module):
    """Inverted dropout: scale the survivors at train time so eval is a no-op."""

    def __init__(self, p: float = 0.5, seed: int = 0):
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p must be in [0, 1], got {p}")
        self.p = p
        self.gen = torch.Generator().manual_seed(seed)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not self.training or self.p == 0.0:
            return x.clone()
        if self.p == 1.0:
            return torch.zeros_like(x)
        mask = torch.rand(x.shape, generator=self.gen, dtype=x.dtype) > self.p
        return x * mask / (1.0 - self.p)


def dropout(x, p, training=True, seed=0):
    layer = MyDropout(p, seed)
    layer.train(training)
    return layer(x)
