import torch


def swish(x: torch.Tensor, beta: float = 1.0) -> torch.Tensor:
    return x * torch.sigmoid(beta * x)
