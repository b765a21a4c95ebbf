# mistake: positions-from-one
import torch


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    pos = torch.arange(1, length + 1, dtype=torch.float64)[:, None]
    angles = pos / base ** (torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    return torch.stack([angles.sin(), angles.cos()], dim=-1).flatten(1)
