# track: torch
# Right numbers, wrong kind of array: in the torch track the answer must be a torch.Tensor, not an np.ndarray.
import numpy as np
import torch  # noqa: F401


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    angles = np.arange(length)[:, None] / base ** (np.arange(0, d_model, 2) / d_model)
    pe = np.empty((length, d_model))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angles), np.cos(angles)
    return pe
