# mistake: pre-ln-std-plus-eps
# The Annotated Transformer's encoder layer (Harvard NLP), its classes as written there with dropout left out and
# the weights taken from p: SublayerConnection normalises first, x + sublayer(norm(x)), and its LayerNorm divides
# by x.std(-1) + eps, where Tensor.std is unbiased (÷ d_model − 1) and eps sits outside the root.
import math

import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    "Construct a layernorm module (See citation for details)."

    def __init__(self, a_2, b_2, eps=1e-6):
        super().__init__()
        self.a_2 = a_2
        self.b_2 = b_2
        self.eps = eps

    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = x.std(-1, keepdim=True)
        return self.a_2 * (x - mean) / (std + self.eps) + self.b_2


class SublayerConnection(nn.Module):
    """
    A residual connection followed by a layer norm.
    Note for code simplicity the norm is first as opposed to last.
    """

    def __init__(self, norm):
        super().__init__()
        self.norm = norm

    def forward(self, x, sublayer):
        "Apply residual connection to any sublayer with the same size."
        return x + sublayer(self.norm(x))


def attention(query, key, value):
    "Compute 'Scaled Dot Product Attention'"
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    p_attn = scores.softmax(dim=-1)
    return torch.matmul(p_attn, value)


class MultiHeadedAttention(nn.Module):
    def __init__(self, h, p):
        "Take in model size and number of heads."
        super().__init__()
        self.h = h
        self.p = p

    def forward(self, x):
        *lead, length, d_model = x.shape
        d_k = d_model // self.h
        # 1) Do all the linear projections in batch from d_model => h x d_k
        query, key, value = [
            (x @ self.p[f"w_{n}"] + self.p[f"b_{n}"]).view(*lead, length, self.h, d_k).transpose(-3, -2)
            for n in "qkv"
        ]
        # 2) Apply attention on all the projected vectors in batch.
        x = attention(query, key, value)
        # 3) "Concat" using a view and apply a final linear.
        x = x.transpose(-3, -2).contiguous().view(*lead, length, self.h * d_k)
        return x @ self.p["w_o"] + self.p["b_o"]


class PositionwiseFeedForward(nn.Module):
    "Implements FFN equation."

    def __init__(self, p):
        super().__init__()
        self.p = p

    def forward(self, x):
        return (x @ self.p["w1"] + self.p["b1"]).relu() @ self.p["w2"] + self.p["b2"]


class EncoderLayer(nn.Module):
    "Encoder is made up of self-attn and feed forward (defined below)"

    def __init__(self, self_attn, feed_forward, norms):
        super().__init__()
        self.self_attn = self_attn
        self.feed_forward = feed_forward
        self.sublayer = nn.ModuleList(SublayerConnection(norm) for norm in norms)

    def forward(self, x):
        "Follow Figure 1 (left) for connections."
        x = self.sublayer[0](x, lambda x: self.self_attn(x))
        return self.sublayer[1](x, self.feed_forward)


def encoder_block(x, p, n_heads, eps=1e-5):
    norms = [LayerNorm(p["ln1_gamma"], p["ln1_beta"], eps), LayerNorm(p["ln2_gamma"], p["ln2_beta"], eps)]
    layer = EncoderLayer(MultiHeadedAttention(n_heads, p), PositionwiseFeedForward(p), norms)
    return layer(x)
