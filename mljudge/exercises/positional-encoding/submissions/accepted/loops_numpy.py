# Entry by entry with the math module: slow for big tables, but the formula read literally.
import math

import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2 != 0:
        raise ValueError("d_model must be even")
    pe = np.zeros((length, d_model))
    for pos in range(length):
        for i in range(d_model // 2):
            angle = pos / base ** (2 * i / d_model)
            pe[pos, 2 * i] = math.sin(angle)
            pe[pos, 2 * i + 1] = math.cos(angle)
    return pe
