# mistake: channels-last
# Written for pictures stored (H, W, C): for 3 or more axes it pools axes -3 and -2.
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def max_pool2d(x, kernel_size=2, stride=None):
    s = kernel_size if stride is None else stride
    axes = (-2, -1) if x.ndim == 2 else (-3, -2)
    windows = sliding_window_view(x, (kernel_size, kernel_size), axis=axes)
    if x.ndim == 2:
        return windows[::s, ::s].max(axis=(-2, -1))
    return windows[..., ::s, ::s, :, :, :].max(axis=(-2, -1))
