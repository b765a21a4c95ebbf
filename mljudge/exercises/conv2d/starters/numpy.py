import numpy as np


def conv2d(image: np.ndarray, kernel: np.ndarray, stride: int = 1, padding: int = 0) -> np.ndarray:
    """2-D convolution as deep-learning libraries compute it: a cross-correlation, the kernel not flipped.

    image: a float64 array (H, W); kernel: a float64 array (kh, kw); stride, padding: whole numbers.
    Surround the image with `padding` zeros on every side, then take a window every `stride` rows and columns:
    out[i, j] = sum over a, b of padded[i*stride + a, j*stride + b] * kernel[a, b].
    Return a new array of shape ((H + 2*padding - kh) // stride + 1, (W + 2*padding - kw) // stride + 1).
    """
    # Your code here
    raise NotImplementedError("conv2d is not written yet")
