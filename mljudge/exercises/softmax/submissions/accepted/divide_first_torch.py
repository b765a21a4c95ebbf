# Dividing by the temperature before subtracting the maximum is just as stable.
import torch


def softmax(x, temperature=1.0, axis=-1):
    z = x / temperature
    z = z - torch.max(z, dim=axis, keepdim=True).values
    e = z.exp()
    return e / e.sum(dim=axis, keepdim=True)
