# The usual nn.Module: the table built once as a buffer for a maximum length, then sliced (float64 throughout).
import torch
from torch import nn


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=8192, base=10000.0):
        super().__init__()
        if d_model % 2:
            raise ValueError("d_model must be even")
        position = torch.arange(max_len, dtype=torch.float64)[:, None]
        speed = base ** (-torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
        pe = torch.zeros(max_len, d_model, dtype=torch.float64)
        pe[:, 0::2] = torch.sin(position * speed)
        pe[:, 1::2] = torch.cos(position * speed)
        self.register_buffer("pe", pe)

    def forward(self, length):
        return self.pe[:length].clone()


def positional_encoding(length, d_model, base=10000.0):
    return PositionalEncoding(d_model, max_len=max(length, 1), base=base)(length)
