# mistake: std-plus-eps
# A post-LN block, as asked, built around the Annotated Transformer's LayerNorm class: x.std(-1) is Tensor.std,
# unbiased (÷ d_model − 1), and eps is added to it outside the root.
import math

import torch
import torch.nn as nn


class LayerNorm(nn.Module):
    def __init__(self, a_2, b_2, eps=1e-6):
        super().__init__()
        self.a_2, self.b_2, self.eps = a_2, b_2, eps

    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = x.std(-1, keepdim=True)
        return self.a_2 * (x - mean) / (std + self.eps) + self.b_2


def multi_head_attention(x, p, n_heads):
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).unflatten(-1, (n_heads, -1)).transpose(-3, -2) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]), dim=-1)
    return (weights @ v).transpose(-3, -2).flatten(-2) @ p["w_o"] + p["b_o"]


def encoder_block(x, p, n_heads, eps=1e-5):
    norm1 = LayerNorm(p["ln1_gamma"], p["ln1_beta"], eps)
    norm2 = LayerNorm(p["ln2_gamma"], p["ln2_beta"], eps)
    x1 = norm1(x + multi_head_attention(x, p, n_heads))
    return norm2(x1 + torch.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"])
