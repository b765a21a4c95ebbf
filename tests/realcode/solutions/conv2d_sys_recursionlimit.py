import sys

import numpy as np

sys.setrecursionlimit(10 ** 6)  # habit from competitive programming


def conv2d(image, kernel, stride=1, padding=0):
    img = np.pad(image, padding)
    kh, kw = kernel.shape
    oh = (img.shape[0] - kh) // stride + 1
    ow = (img.shape[1] - kw) // stride + 1
    out = np.zeros((oh, ow))
    for i in range(oh):
        for j in range(ow):
            out[i, j] = np.sum(img[i * stride:i * stride + kh, j * stride:j * stride + kw] * kernel)
    return out
