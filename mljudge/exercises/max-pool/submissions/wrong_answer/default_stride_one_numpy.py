# mistake: default-stride-one
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def max_pool2d(x, kernel_size=2, stride=None):
    stride = stride or 1
    windows = sliding_window_view(x, (kernel_size, kernel_size), axis=(-2, -1))
    return windows[..., ::stride, ::stride, :, :].max(axis=(-2, -1))
