import torch
from torch import nn


class PositionalEncoding(nn.Module):  #@save
    """Positional encoding."""

    def __init__(self, num_hiddens, dropout, max_len=1000, base=10000):
        super().__init__()
        if num_hiddens % 2:
            raise ValueError("num_hiddens must be even")
        self.dropout = nn.Dropout(dropout)
        # Create a long enough P
        self.P = torch.zeros((1, max_len, num_hiddens), dtype=torch.float64)
        X = torch.arange(max_len, dtype=torch.float64).reshape(-1, 1) / torch.pow(
            base, torch.arange(0, num_hiddens, 2, dtype=torch.float64) / num_hiddens)
        self.P[:, :, 0::2] = torch.sin(X)
        self.P[:, :, 1::2] = torch.cos(X)

    def forward(self, X):
        X = X + self.P[:, :X.shape[1], :].to(X.device)
        return self.dropout(X)


def positional_encoding(length, d_model, base=10000.0):
    pos_encoding = PositionalEncoding(d_model, 0, max_len=length, base=base)
    pos_encoding.eval()
    return pos_encoding.P[0, :length, :]
