# exp(z − logsumexp(z)) is the same stable softmax written in log space; torch.logsumexp is an ordinary reduction.
import torch


def softmax(x, temperature=1.0, axis=-1):
    z = x / temperature
    return torch.exp(z - torch.logsumexp(z, dim=axis, keepdim=True))
