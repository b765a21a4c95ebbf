# mistake: leaky
import torch


def relu(x):
    return torch.where(x > 0, x, 0.01 * x)
