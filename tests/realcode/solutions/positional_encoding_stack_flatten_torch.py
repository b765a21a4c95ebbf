import torch


def positional_encoding(length: int, d_model: int, base: float = 10000.0) -> torch.Tensor:
    if d_model % 2:
        raise ValueError(f"d_model must be even, got {d_model}")
    inv_freq = 1.0 / (base ** (torch.arange(0, d_model, 2, dtype=torch.float64) / d_model))
    t = torch.arange(length, dtype=torch.float64)
    freqs = torch.outer(t, inv_freq)                                   # (length, d_model / 2)
    return torch.stack((freqs.sin(), freqs.cos()), dim=-1).flatten(-2)  # interleave: sin, cos, sin, cos, ...
