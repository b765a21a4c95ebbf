import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def conv2d(image: np.ndarray, kernel: np.ndarray, stride: int = 1, padding: int = 0) -> np.ndarray:
    padded = np.pad(image, padding)
    # windows[i, j] is the (kh, kw) patch whose top-left corner is padded[i, j]; keep every stride-th one.
    windows = sliding_window_view(padded, kernel.shape)[::stride, ::stride]
    return np.einsum("ijab,ab->ij", windows, kernel)
