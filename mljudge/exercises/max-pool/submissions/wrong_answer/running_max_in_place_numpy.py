# Right values, but x is used as the buffer for the running maxima (a separable max filter written into the
# input to save memory). The caller's array is destroyed: inputs must stay as they were.
import numpy as np


def max_pool2d(x, kernel_size=2, stride=None):
    k = kernel_size
    s = k if stride is None else stride
    h, w = x.shape[-2:]
    rows, cols = (h - k) // s + 1, (w - k) // s + 1
    original = x.copy()
    for a in range(1, k):  # x[..., i, :] becomes the maximum of rows i … i + k − 1
        np.maximum(x[..., :h - a, :], original[..., a:, :], out=x[..., :h - a, :])
    original = x.copy()
    for b in range(1, k):  # and then of columns j … j + k − 1
        np.maximum(x[..., :, :w - b], original[..., :, b:], out=x[..., :, :w - b])
    return x[..., :rows * s:s, :cols * s:s].copy()
