import torch


def mse(input: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
    """Mean squared error; argument names follow torch.nn.functional.mse_loss."""
    return torch.mean((input - target) ** 2)
