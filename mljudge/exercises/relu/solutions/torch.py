import torch


def relu(x: torch.Tensor) -> torch.Tensor:
    # clamp(min=0) is max(0, x) for every element; it returns a new tensor of the same shape and dtype.
    return torch.clamp(x, min=0.0)
