# Computing in float32 is precise enough for 4 decimals.
import torch


def gelu(x):
    y = x.float()
    out = 0.5 * y * (1 + torch.tanh(0.7978845608 * (y + 0.044715 * y * y * y)))
    return out.to(x.dtype)
