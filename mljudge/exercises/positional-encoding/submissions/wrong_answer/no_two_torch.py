# mistake: exponent-no-two
import torch


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    i = torch.arange(d_model // 2, dtype=torch.float64)          # the pair index 0, 1, 2, ...
    angles = torch.arange(length, dtype=torch.float64)[:, None] / base ** (i / d_model)
    pe = torch.empty(length, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angles)
    pe[:, 1::2] = torch.cos(angles)
    return pe
