# sliding_window_view reached as an attribute; any leading axes are flattened into one and restored.
import numpy as np


def max_pool2d(x, kernel_size=2, stride=None):
    s = kernel_size if stride is None else stride
    flat = x.reshape(-1, *x.shape[-2:])
    windows = np.lib.stride_tricks.sliding_window_view(flat, (kernel_size, kernel_size), axis=(1, 2))
    pooled = windows[:, ::s, ::s].max(axis=(3, 4))
    return pooled.reshape(*x.shape[:-2], *pooled.shape[1:])
