# Right for every even width, but an odd one is not refused with ValueError: torch's own shape error is a
# RuntimeError, and the prompt asks for ValueError. The wrong exception where one is due is a wrong answer
# ("should raise ValueError for this input, but raised another exception").
import torch


def positional_encoding(length, d_model, base=10000.0):
    angles = torch.arange(length, dtype=torch.float64)[:, None] / base ** (
        torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    pe = torch.empty(length, d_model, dtype=torch.float64)
    pe[:, 0::2] = torch.sin(angles)
    pe[:, 1::2] = torch.cos(angles)
    return pe
