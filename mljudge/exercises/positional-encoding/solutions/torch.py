import torch


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    if d_model % 2:
        raise ValueError(f"d_model must be even (sin/cos pairs), got {d_model}")
    pos = torch.arange(length, dtype=torch.float64).unsqueeze(1)          # (length, 1)
    two_i = torch.arange(0, d_model, 2, dtype=torch.float64)               # 2i for each pair i
    angles = pos / base ** (two_i / d_model)                               # (length, d_model/2)
    pe = torch.empty(length, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angles)
    pe[:, 1::2] = torch.cos(angles)
    return pe
