# mistake: absolute
import torch


def mse(pred, target):
    return torch.abs(pred - target).mean()
