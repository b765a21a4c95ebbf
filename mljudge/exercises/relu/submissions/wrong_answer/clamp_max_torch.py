# mistake: min-instead-of-max
import torch


def relu(x):
    return torch.clamp(x, max=0.0)
