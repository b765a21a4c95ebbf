# Ported from an old (Python 2) copy of the CS231n assignment: the output size uses `/`.
from builtins import range
import numpy as np


def conv_forward_naive(x, w, b, conv_param):
    """
    Input:
    - x: Input data of shape (N, C, H, W)
    - w: Filter weights of shape (F, C, HH, WW)
    - b: Biases, of shape (F,)
    - conv_param: {'stride': ..., 'pad': ...}

    Returns a tuple of:
    - out: Output data, of shape (N, F, H', W')
    - cache: (x, w, b, conv_param)
    """
    stride, pad = conv_param['stride'], conv_param['pad']
    N, C, H, W = x.shape
    F, C, HH, WW = w.shape
    x_padded = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), mode='constant')
    H_new = 1 + (H + 2 * pad - HH) / stride
    W_new = 1 + (W + 2 * pad - WW) / stride
    s = stride
    out = np.zeros((N, F, H_new, W_new))

    for i in range(N):          # ith image
        for f in range(F):      # fth filter
            for j in range(H_new):
                for k in range(W_new):
                    out[i, f, j, k] = np.sum(x_padded[i, :, j*s:HH+j*s, k*s:WW+k*s] * w[f]) + b[f]

    cache = (x, w, b, conv_param)
    return out, cache


def conv2d(image, kernel, stride=1, padding=0):
    out, _ = conv_forward_naive(image.reshape(1, 1, *image.shape), kernel.reshape(1, 1, *kernel.shape),
                                np.zeros(1), {'stride': stride, 'pad': padding})
    return out[0, 0]
