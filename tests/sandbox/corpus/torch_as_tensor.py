import numpy as np
import torch


def gelu(x):
    t = torch.as_tensor(x)
    c = torch.as_tensor(np.sqrt(2.0 / np.pi), dtype=t.dtype)
    return t.mul(0.5).mul(torch.tanh(c * (t + 0.044715 * t.pow(3))).add(1.0))
