"""2-D cross-correlation (what deep-learning libraries call convolution), shift-and-add style."""
import itertools
import operator
from functools import reduce

import numpy as np


def conv2d(image, kernel, stride=1, padding=0):
    padded = np.pad(image, ((padding, padding), (padding, padding)))
    kh, kw = kernel.shape
    out_h = (padded.shape[0] - kh) // stride + 1
    out_w = (padded.shape[1] - kw) // stride + 1

    def tap(ij):
        # contribution of kernel[i, j]: the padded image shifted by (i, j), sampled every `stride`
        i, j = ij
        window = padded[i:i + stride * (out_h - 1) + 1:stride, j:j + stride * (out_w - 1) + 1:stride]
        return kernel[i, j] * window

    return reduce(operator.add, map(tap, itertools.product(range(kh), range(kw))))
