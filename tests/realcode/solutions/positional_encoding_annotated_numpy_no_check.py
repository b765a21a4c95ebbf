# The Annotated Transformer's encoding ported to NumPy, as many blog posts do; no check of the width.
import math

import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    pe = np.zeros((length, d_model))
    position = np.arange(0, length)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * -(math.log(base) / d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe
