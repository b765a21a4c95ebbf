# mistake: flipped-kernel
# The signal-processing definition: the kernel is turned half a turn first.
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def conv2d(image, kernel, stride=1, padding=0):
    flipped = np.flip(kernel)
    windows = sliding_window_view(np.pad(image, padding), kernel.shape)[::stride, ::stride]
    return np.einsum("ijab,ab->ij", windows, flipped)
