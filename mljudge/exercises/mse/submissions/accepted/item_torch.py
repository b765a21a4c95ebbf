# .item() turns the 0-d tensor into a Python float: also one number.
import torch


def mse(pred, target):
    return torch.pow(pred - target, 2).sum().item() / pred.numel()
