# tanh(x) = 2·sigma(2x) - 1, with a sigmoid written as in the previous exercise (the library sigmoid would be
# allowed here too: only tanh is forbidden).
import torch


def _sigmoid(x):
    z = torch.exp(-torch.abs(x))
    return torch.where(x >= 0, 1 / (1 + z), z / (1 + z))


def tanh(x):
    return 2 * _sigmoid(2 * x) - 1
