import torch


@torch.compile
def sigmoid(x):
    return torch.sigmoid(x)
