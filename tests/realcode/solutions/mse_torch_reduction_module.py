import torch
from torch import Tensor, nn


class MSELoss(nn.Module):
    """Mean squared error with PyTorch's `reduction` switch ('none' | 'mean' | 'sum')."""

    __constants__ = ["reduction"]

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in ("none", "mean", "sum"):
            raise ValueError(f"{reduction} is not a valid value for reduction")
        self.reduction = reduction

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        loss = torch.square(input - target)
        if self.reduction == "mean":
            return loss.mean()
        if self.reduction == "sum":
            return loss.sum()
        return loss

    def extra_repr(self) -> str:
        return f"reduction={self.reduction!r}"


criterion = MSELoss()


def mse(pred: Tensor, target: Tensor) -> Tensor:
    return criterion(pred, target)
