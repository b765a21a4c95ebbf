import torch.nn.functional as F


def gelu(x):
    return F.gelu(x, approximate="tanh")
