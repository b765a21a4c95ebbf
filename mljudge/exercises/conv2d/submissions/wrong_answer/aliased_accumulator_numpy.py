# The accumulator starts as a slice of the image itself, not a copy: `out *= ...` and `out += ...` write into
# image (when padding is 0 there is no padded copy), and later windows read the damage. Inputs must stay intact.
import numpy as np


def conv2d(image, kernel, stride=1, padding=0):
    padded = image if padding == 0 else np.pad(image, padding)
    kh, kw = kernel.shape
    rows = (padded.shape[0] - kh) // stride + 1
    cols = (padded.shape[1] - kw) // stride + 1
    out = padded[0:rows * stride:stride, 0:cols * stride:stride]
    out *= kernel[0, 0]
    for a in range(kh):
        for b in range(kw):
            if a or b:
                out += kernel[a, b] * padded[a:a + rows * stride:stride, b:b + cols * stride:stride]
    return out
