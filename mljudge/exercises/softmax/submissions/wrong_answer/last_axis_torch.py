# mistake: last-axis
import torch


def softmax(x, temperature=1.0, axis=-1):
    z = (x - x.amax(dim=-1, keepdim=True)) / temperature
    e = torch.exp(z)
    return e / e.sum(dim=-1, keepdim=True)
