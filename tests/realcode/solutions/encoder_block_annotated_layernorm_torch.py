import copy
import math

import torch
import torch.nn as nn


def clones(module, N):
    "Produce N identical layers."
    return nn.ModuleList([copy.deepcopy(module) for _ in range(N)])


class LayerNorm(nn.Module):
    "Construct a layernorm module (See citation for details)."

    def __init__(self, features, eps=1e-6):
        super(LayerNorm, self).__init__()
        self.a_2 = nn.Parameter(torch.ones(features, dtype=torch.float64))
        self.b_2 = nn.Parameter(torch.zeros(features, dtype=torch.float64))
        self.eps = eps

    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = x.std(-1, keepdim=True)
        return self.a_2 * (x - mean) / (std + self.eps) + self.b_2


def attention(query, key, value, mask=None, dropout=None):
    "Compute 'Scaled Dot Product Attention'"
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    if dropout is not None:
        p_attn = dropout(p_attn)
    return torch.matmul(p_attn, value), p_attn


class MultiHeadedAttention(nn.Module):
    def __init__(self, h, d_model, dropout=0.0):
        "Take in model size and number of heads."
        super(MultiHeadedAttention, self).__init__()
        assert d_model % h == 0
        # We assume d_v always equals d_k
        self.d_k = d_model // h
        self.h = h
        self.linears = clones(nn.Linear(d_model, d_model, dtype=torch.float64), 4)
        self.attn = None
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, query, key, value, mask=None):
        nbatches = query.size(0)

        # 1) Do all the linear projections in batch from d_model => h x d_k
        query, key, value = [
            lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, x in zip(self.linears, (query, key, value))
        ]

        # 2) Apply attention on all the projected vectors in batch.
        x, self.attn = attention(query, key, value, mask=mask, dropout=self.dropout)

        # 3) "Concat" using a view and apply a final linear.
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        return self.linears[-1](x)


class PositionwiseFeedForward(nn.Module):
    "Implements FFN equation."

    def __init__(self, d_model, d_ff, dropout=0.0):
        super(PositionwiseFeedForward, self).__init__()
        self.w_1 = nn.Linear(d_model, d_ff, dtype=torch.float64)
        self.w_2 = nn.Linear(d_ff, d_model, dtype=torch.float64)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.w_2(self.dropout(self.w_1(x).relu()))


class EncoderLayer(nn.Module):
    "Encoder is made up of self-attn and feed forward, post-LN as in the paper"

    def __init__(self, size, self_attn, feed_forward, eps):
        super(EncoderLayer, self).__init__()
        self.self_attn = self_attn
        self.feed_forward = feed_forward
        self.norms = clones(LayerNorm(size, eps), 2)
        self.size = size

    def forward(self, x):
        x = self.norms[0](x + self.self_attn(x, x, x))
        return self.norms[1](x + self.feed_forward(x))


@torch.no_grad()
def encoder_block(x, p, n_heads, eps=1e-5):
    d_model, d_ff = p["w1"].shape
    layer = EncoderLayer(d_model, MultiHeadedAttention(n_heads, d_model), PositionwiseFeedForward(d_model, d_ff), eps)
    for lin, (w, b) in zip(layer.self_attn.linears, [("w_q", "b_q"), ("w_k", "b_k"), ("w_v", "b_v"), ("w_o", "b_o")]):
        lin.weight.copy_(p[w].T)
        lin.bias.copy_(p[b])
    layer.feed_forward.w_1.weight.copy_(p["w1"].T)
    layer.feed_forward.w_1.bias.copy_(p["b1"])
    layer.feed_forward.w_2.weight.copy_(p["w2"].T)
    layer.feed_forward.w_2.bias.copy_(p["b2"])
    for norm, g, b in zip(layer.norms, ("ln1_gamma", "ln2_gamma"), ("ln1_beta", "ln2_beta")):
        norm.a_2.copy_(p[g])
        norm.b_2.copy_(p[b])
    return layer(x[None])[0] if x.dim() == 2 else layer(x)
