from builtins import range
import numpy as np


def max_pool2d(x, kernel_size=2, stride=None):
    """
    Forward pass for a max-pooling layer (from the CS231n layers.py skeleton).

    - x: Input data, of shape (N, C, H, W)
    Returns out of shape (N, C, H', W').
    """
    stride = kernel_size if stride is None else stride
    N, C, H, W = x.shape
    H_out = 1 + (H - kernel_size) // stride
    W_out = 1 + (W - kernel_size) // stride
    out = np.zeros((N, C, H_out, W_out))
    for i in range(H_out):
        for j in range(W_out):
            hs, ws = i * stride, j * stride
            out[:, :, i, j] = np.max(x[:, :, hs:hs + kernel_size, ws:ws + kernel_size], axis=(2, 3))
    return out
