import torch


def mse(pred, target):
    return torch.nn.MSELoss()(pred, target)
