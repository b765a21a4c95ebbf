# mistake: exponent-two-columns
# "2i/d_model" read with i as the column: every column j gets its own speed base^(−2j/d_model).
import torch


def positional_encoding(length, d_model, base=10000.0):
    if d_model % 2:
        raise ValueError("d_model must be even")
    j = torch.arange(d_model, dtype=torch.float64)
    angles = torch.arange(length, dtype=torch.float64)[:, None] / base ** (2 * j / d_model)
    even = (torch.arange(d_model) % 2 == 0)
    return torch.where(even, torch.sin(angles), torch.cos(angles))
