# mistake: halves
# [all the sines | all the cosines]: tensor2tensor's layout, not the paper's interleaved pairs.
import numpy as np


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    angles = np.arange(length)[:, None] / base ** (np.arange(0, d_model, 2) / d_model)
    return np.concatenate([np.sin(angles), np.cos(angles)], axis=1)
