import torch


def relu(x: torch.Tensor) -> torch.Tensor:
    """ReLU(x) = max(0, x)"""
    return max(0, x)
