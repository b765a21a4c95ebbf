# The log-space speeds of the PyTorch tutorial, exp(−2i·ln(base)/d_model), in float64, interleaved by stack + reshape.
import math

import torch


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    position = torch.arange(length, dtype=torch.float64).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2, dtype=torch.float64) * (-math.log(base) / d_model))
    angles = position * div_term
    return torch.stack([torch.sin(angles), torch.cos(angles)], dim=-1).reshape(length, d_model)
