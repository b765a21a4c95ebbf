import math

import torch


def layer_norm(y, gamma, beta, eps):
    var, mean = torch.var_mean(y, dim=-1, keepdim=True, correction=0)   # biased: divided by d_model
    return gamma * (y - mean) / torch.sqrt(var + eps) + beta


def split_heads(t, n_heads):
    """(..., L, d) -> (..., n_heads, L, d_head): head h owns columns h*d_head ... (h+1)*d_head - 1."""
    return t.unflatten(-1, (n_heads, t.shape[-1] // n_heads)).transpose(-3, -2)


def attention(x, p, n_heads):
    q, k, v = (split_heads(x @ p[f"w_{n}"] + p[f"b_{n}"], n_heads) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]), dim=-1)   # (..., n_heads, L, L)
    joined = (weights @ v).transpose(-3, -2).flatten(-2)                                  # (..., L, d_model)
    return joined @ p["w_o"] + p["b_o"]


def encoder_block(x: torch.Tensor, p: dict, n_heads: int, eps: float = 1e-5) -> torch.Tensor:
    x1 = layer_norm(x + attention(x, p, n_heads), p["ln1_gamma"], p["ln1_beta"], eps)
    ffn = torch.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
    return layer_norm(x1 + ffn, p["ln2_gamma"], p["ln2_beta"], eps)
