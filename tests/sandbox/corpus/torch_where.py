import torch


def gelu(x):
    inner = (2.0 / torch.pi) ** 0.5 * (x + 0.044715 * x * x * x)
    core = 0.5 * x * (1.0 + inner.tanh())
    return torch.where(x.abs() > 40.0, torch.clamp(x, min=0.0), core)
