# mistake: temperature-ignored
import torch


def softmax(x, temperature=1.0, axis=-1):
    e = torch.exp(x - x.amax(dim=axis, keepdim=True))
    return e / e.sum(dim=axis, keepdim=True)
