import numpy as np


def max_pool2d(x, kernel_size=2, stride=None):
    return x[..., ::kernel_size, ::kernel_size].max(
