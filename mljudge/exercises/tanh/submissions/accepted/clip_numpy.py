# Clipping first: tanh(20) is already 1 to 17 decimals, so the textbook formula is safe on [-20, 20].
import numpy as np


def tanh(x):
    x = np.clip(x, -20.0, 20.0)
    return (np.exp(x) - np.exp(-x)) / (np.exp(x) + np.exp(-x))
