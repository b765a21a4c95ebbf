import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def correlate2d(image, kernel, stride=1, padding=0):
    windows = sliding_window_view(np.pad(image, padding), kernel.shape)[::stride, ::stride]
    return np.einsum("ijab,ab->ij", windows, kernel)
