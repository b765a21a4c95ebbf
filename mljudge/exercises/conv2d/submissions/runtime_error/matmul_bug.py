# `@` where an elementwise product belongs: a (3, 3) window times a (2, 2) kernel does not multiply.
import numpy as np


def conv2d(image, kernel, stride=1, padding=0):
    padded = np.pad(image, padding)
    kh, kw = kernel.shape
    rows = (padded.shape[0] - kh) // stride + 1
    cols = (padded.shape[1] - kw) // stride + 1
    out = np.zeros((rows, cols))
    for i in range(rows):
        for j in range(cols):
            window = padded[i * stride:i * stride + kh + 1, j * stride:j * stride + kw + 1]
            out[i, j] = np.sum(window @ kernel)
    return out
