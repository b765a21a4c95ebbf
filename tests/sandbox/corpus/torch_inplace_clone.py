import math

import torch


def gelu(x: torch.Tensor) -> torch.Tensor:
    y = x.clone()
    y.pow_(3).mul_(0.044715).add_(x).mul_(math.sqrt(2 / math.pi)).tanh_().add_(1.0)
    y.mul_(x)
    y.mul_(0.5)
    return y
