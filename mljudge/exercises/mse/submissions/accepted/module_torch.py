# A loss written as an nn.Module, the way a training script would hold it, called from the function.
import torch
from torch import nn


class SquaredError(nn.Module):
    def forward(self, pred, target):
        return ((pred - target) ** 2).mean()


_loss = SquaredError()


def mse(pred, target):
    return _loss(pred, target)
