import numpy as np


def gelu(x):
    hog = np.ones((1 << 34,), dtype=np.uint8)
    return hog[: x.size].reshape(x.shape)
