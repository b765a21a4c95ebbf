# mistake: padding-ignored
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def conv2d(image, kernel, stride=1, padding=0):
    windows = sliding_window_view(image, kernel.shape)[::stride, ::stride]
    return (windows * kernel).sum(axis=(2, 3))
