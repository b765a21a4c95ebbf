# Four plain loops over output rows, output columns and the kernel's entries, reading padding as zeros.
import numpy as np


def conv2d(image, kernel, stride=1, padding=0):
    h, w = image.shape
    kh, kw = kernel.shape
    rows = (h + 2 * padding - kh) // stride + 1
    cols = (w + 2 * padding - kw) // stride + 1
    out = np.zeros((rows, cols))
    for i in range(rows):
        for j in range(cols):
            total = 0.0
            for a in range(kh):
                for b in range(kw):
                    r, c = i * stride + a - padding, j * stride + b - padding
                    if 0 <= r < h and 0 <= c < w:
                        total += image[r, c] * kernel[a, b]
            out[i, j] = total
    return out
