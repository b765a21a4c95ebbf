import torch.nn.functional as F


def max_pool2d(x, kernel_size=2, stride=None):
    return F.max_pool2d(x, kernel_size, stride)
