import torch


def leaky_relu(x: torch.Tensor, negative_slope: float = 0.01) -> torch.Tensor:
    # torch.where picks x or negative_slope * x for every element; a new tensor, same shape and dtype.
    return torch.where(x > 0.0, x, negative_slope * x)
