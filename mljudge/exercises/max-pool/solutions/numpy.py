import numpy as np
from numpy.lib.stride_tricks import sliding_window_view


def max_pool2d(x: np.ndarray, kernel_size: int = 2, stride: int | None = None) -> np.ndarray:
    if stride is None:
        stride = kernel_size
    # (..., H - k + 1, W - k + 1, k, k): every window of the last two axes; keep every stride-th start.
    windows = sliding_window_view(x, (kernel_size, kernel_size), axis=(-2, -1))
    return windows[..., ::stride, ::stride, :, :].max(axis=(-2, -1))
