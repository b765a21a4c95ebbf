# mistake: precision-lost
# The PyTorch tutorial's code as it stands: torch.arange gives int64, and the speeds come out float32, PyTorch's
# default, so the angles of positions in the thousands lose their 4th decimal. (.double() at the end is too late.)
import math

import torch


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    position = torch.arange(length).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(base) / d_model))
    pe = torch.zeros(length, d_model)
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe.double()
