import math

import torch
from torch import nn


def masked_softmax(X, mask):  #@save
    """Perform softmax operation by masking elements on the last axis (a boolean mask, True = keep)."""
    if mask is None:
        return nn.functional.softmax(X, dim=-1)
    X = X.masked_fill(~mask, float("-inf"))
    weights = nn.functional.softmax(X, dim=-1)
    # a query that may see nothing gets all-zero weights instead of 0/0
    return torch.where(mask.any(dim=-1, keepdim=True), weights, torch.zeros_like(weights))


class DotProductAttention(nn.Module):  #@save
    """Scaled dot product attention."""

    def __init__(self, dropout=0.0):
        super().__init__()
        self.dropout = nn.Dropout(dropout)

    # Shape of queries: (batch_size, no. of queries, d)
    # Shape of keys: (batch_size, no. of key-value pairs, d)
    # Shape of values: (batch_size, no. of key-value pairs, value dimension)
    # Shape of mask: broadcastable to (batch_size, no. of queries, no. of key-value pairs)
    def forward(self, queries, keys, values, mask=None):
        d = queries.shape[-1]
        # Swap the last two dimensions of keys with keys.transpose(-2, -1)
        scores = torch.matmul(queries, keys.transpose(-2, -1)) / math.sqrt(d)
        if mask is not None:
            mask = mask.expand_as(scores)
        self.attention_weights = masked_softmax(scores, mask)
        return torch.matmul(self.dropout(self.attention_weights), values)


def attention(q, k, v, mask=None):
    layer = DotProductAttention(dropout=0.0)
    layer.eval()
    return layer(q, k, v, mask)
