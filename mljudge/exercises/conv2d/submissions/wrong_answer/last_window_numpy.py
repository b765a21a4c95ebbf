# mistake: last-window-dropped
# range(0, H + 2p - kh, stride) is one start short: the window ending exactly at the border is never taken.
import numpy as np


def conv2d(image, kernel, stride=1, padding=0):
    padded = np.pad(image, padding)
    kh, kw = kernel.shape
    starts_r = range(0, padded.shape[0] - kh, stride)
    starts_c = range(0, padded.shape[1] - kw, stride)
    out = np.zeros((len(starts_r), len(starts_c)))
    for i, r in enumerate(starts_r):
        for j, c in enumerate(starts_c):
            out[i, j] = np.sum(padded[r:r + kh, c:c + kw] * kernel)
    return out
