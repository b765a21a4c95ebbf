# sigma(x) = (1 + tanh(x/2)) / 2: an exact identity, and tanh saturates at ±1 instead of overflowing.
import torch


def sigmoid(x):
    return 0.5 * (1.0 + torch.tanh(0.5 * x))
