# mistake: sigmoid-2x
import torch


def tanh(x):
    return 1 / (1 + torch.exp(-2 * x))
