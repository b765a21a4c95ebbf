import numpy as np


def conv2d(image, kernel, stride=1, padding=0)
    return np.zeros((1, 1))
