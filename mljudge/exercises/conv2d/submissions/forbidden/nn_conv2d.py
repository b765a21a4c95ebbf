import torch
from torch import nn


def conv2d(image, kernel, stride=1, padding=0):
    layer = nn.Conv2d(1, 1, kernel.shape, stride=stride, padding=padding, bias=False, dtype=torch.float64)
    with torch.no_grad():
        layer.weight.copy_(kernel[None, None])
        return layer(image[None, None])[0, 0]
