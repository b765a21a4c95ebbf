import torch


def elu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    negative = alpha * torch.expm1(torch.clamp(x, max=0.0))  # the exponential only sees x ≤ 0
    return torch.where(x > 0, x, negative)
