import torch.nn.functional as F


def leaky_relu(x, negative_slope=0.01):
    return F.leaky_relu(x, negative_slope)
