# mistake: exp-ratio-overflow
# The two stable forms, each used on the side where it overflows.
import torch


def sigmoid(x):
    return torch.where(x >= 0, torch.exp(x) / (1 + torch.exp(x)), 1 / (1 + torch.exp(-x)))
