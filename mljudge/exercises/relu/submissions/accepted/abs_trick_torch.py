# Branch-free: (x + |x|)/2 is x for x > 0 and 0 otherwise.
import torch


def relu(x):
    return (x + torch.abs(x)) / 2
