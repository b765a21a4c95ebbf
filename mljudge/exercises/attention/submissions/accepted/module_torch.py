# Attention as an nn.Module, the way a transformer layer would hold it.
import math

import torch
from torch import nn


class ScaledDotProduct(nn.Module):
    def forward(self, q, k, v, mask=None):
        scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
        if mask is not None:
            scores = scores.masked_fill(~mask, float("-inf"))
        return torch.softmax(scores, dim=-1).nan_to_num(0.0) @ v


def attention(q, k, v, mask=None):
    return ScaledDotProduct()(q, k, v, mask)
