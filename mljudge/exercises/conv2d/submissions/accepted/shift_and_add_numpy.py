# Loop over the kernel's entries instead of the output: each entry multiplies a strided slice of the padded image.
import numpy as np


def conv2d(image, kernel, stride=1, padding=0):
    padded = np.pad(image, padding)
    kh, kw = kernel.shape
    rows = (padded.shape[0] - kh) // stride + 1
    cols = (padded.shape[1] - kw) // stride + 1
    out = np.zeros((rows, cols))
    for a in range(kh):
        for b in range(kw):
            out += kernel[a, b] * padded[a:a + rows * stride:stride, b:b + cols * stride:stride]
    return out
