import numpy as np


def sinusoidal_encoding(length, d_model, base=10000.0):
    angles = np.arange(length)[:, None] / base ** (np.arange(0, d_model, 2) / d_model)
    pe = np.empty((length, d_model))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angles), np.cos(angles)
    return pe
