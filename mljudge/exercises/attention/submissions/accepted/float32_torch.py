# float32 is precise enough for 4 decimals here; the answer goes back as float64.
import math

import torch


def attention(q, k, v, mask=None):
    q, k, v = q.float(), k.float(), v.float()
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(mask.logical_not(), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.where(torch.isnan(weights), torch.zeros_like(weights), weights)
    return (weights @ v).double()
