import torch
from torch import Tensor


def elu(input: Tensor, alpha: float = 1.0) -> Tensor:
    # same argument names as torch.nn.functional.elu(input, alpha)
    return torch.where(input > 0, input, alpha * torch.expm1(torch.clamp(input, max=0.0)))
