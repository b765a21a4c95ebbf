"""Batch normalisation (training mode), functional form."""
from __future__ import annotations

import torch

__all__ = ["batch_norm"]
__version__ = "1.0.0"


def batch_norm(x: torch.Tensor, gamma: torch.Tensor, beta: torch.Tensor, eps: float = 1e-5) -> torch.Tensor:
    """Normalise each feature of ``x`` (N, D) over the batch, then scale and shift.

    Args:
        x: input batch, shape (N, D).
        gamma: scale, shape (D,).
        beta: shift, shape (D,).
        eps: added to the variance for numerical stability.
    """
    mean = x.mean(dim=0)
    var = x.var(dim=0)
    return gamma * (x - mean) / torch.sqrt(var + eps) + beta
