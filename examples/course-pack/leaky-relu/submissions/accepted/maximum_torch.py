# track: torch
import torch


def leaky_relu(x, negative_slope=0.01):
    # max(x, slope·x) is leaky ReLU for a slope up to 1; above 1 the smaller one is wanted on the left.
    if negative_slope <= 1.0:
        return torch.maximum(x, negative_slope * x)
    return torch.where(x > 0, x, negative_slope * x)
