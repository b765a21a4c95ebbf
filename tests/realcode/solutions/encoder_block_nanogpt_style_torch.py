import math
from dataclasses import dataclass

import torch
import torch.nn as nn
from torch.nn import functional as F


@dataclass
class BlockConfig:
    n_embd: int
    n_head: int
    eps: float = 1e-5


class LayerNorm(nn.Module):
    """ LayerNorm with an optional bias, written out (mean and biased variance over the last axis) """

    def __init__(self, weight, bias, eps):
        super().__init__()
        self.weight = nn.Parameter(weight)
        self.bias = nn.Parameter(bias) if bias is not None else None
        self.eps = eps

    def forward(self, input):
        mu = input.mean(-1, keepdim=True)
        var = input.var(-1, keepdim=True, correction=0)
        out = (input - mu) / torch.sqrt(var + self.eps) * self.weight
        return out + self.bias if self.bias is not None else out


class SelfAttention(nn.Module):

    def __init__(self, config, p):
        super().__init__()
        assert config.n_embd % config.n_head == 0
        # key, query, value projections for all heads, but in a batch
        self.c_attn_w = torch.cat([p["w_q"], p["w_k"], p["w_v"]], dim=1)
        self.c_attn_b = torch.cat([p["b_q"], p["b_k"], p["b_v"]])
        # output projection
        self.c_proj_w, self.c_proj_b = p["w_o"], p["b_o"]
        self.n_head = config.n_head
        self.n_embd = config.n_embd

    def forward(self, x):
        B, T, C = x.size()  # batch size, sequence length, embedding dimensionality (n_embd)

        # calculate query, key, values for all heads in batch and move head forward to be the batch dim
        q, k, v = (x @ self.c_attn_w + self.c_attn_b).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, T, hs)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, T, hs)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)  # (B, nh, T, hs)

        # manual implementation of attention (no causal mask in an encoder)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = F.softmax(att, dim=-1)
        y = att @ v  # (B, nh, T, T) x (B, nh, T, hs) -> (B, nh, T, hs)
        y = y.transpose(1, 2).contiguous().view(B, T, C)  # re-assemble all head outputs side by side

        # output projection
        return y @ self.c_proj_w + self.c_proj_b


class MLP(nn.Module):

    def __init__(self, p):
        super().__init__()
        self.c_fc_w, self.c_fc_b = p["w1"], p["b1"]
        self.c_proj_w, self.c_proj_b = p["w2"], p["b2"]

    def forward(self, x):
        x = F.relu(x @ self.c_fc_w + self.c_fc_b)
        return x @ self.c_proj_w + self.c_proj_b


class Block(nn.Module):

    def __init__(self, config, p):
        super().__init__()
        self.attn = SelfAttention(config, p)
        self.ln_1 = LayerNorm(p["ln1_gamma"], p["ln1_beta"], config.eps)
        self.mlp = MLP(p)
        self.ln_2 = LayerNorm(p["ln2_gamma"], p["ln2_beta"], config.eps)

    def forward(self, x):
        # post-LN, as in the original transformer (nanoGPT itself is pre-LN)
        x = self.ln_1(x + self.attn(x))
        x = self.ln_2(x + self.mlp(x))
        return x


@torch.no_grad()
def encoder_block(x, p, n_heads, eps=1e-5):
    block = Block(BlockConfig(n_embd=x.shape[-1], n_head=n_heads, eps=eps), p)
    if x.dim() == 2:
        return block(x.unsqueeze(0)).squeeze(0)
    return block(x)
