# One head at a time by slicing columns, joined with torch.cat; F.softmax for the weights.
import math

import torch
import torch.nn.functional as F


def norm(y, gamma, beta, eps):
    var, mean = torch.var_mean(y, dim=-1, keepdim=True, unbiased=False)
    return (y - mean) * torch.rsqrt(var + eps) * gamma + beta


def encoder_block(x, p, n_heads, eps=1e-5):
    d = x.shape[-1]
    d_head = d // n_heads
    q = x @ p["w_q"] + p["b_q"]
    k = x @ p["w_k"] + p["b_k"]
    v = x @ p["w_v"] + p["b_v"]
    outs = []
    for h in range(n_heads):
        cols = slice(h * d_head, (h + 1) * d_head)
        scores = q[..., cols] @ k[..., cols].transpose(-1, -2) / math.sqrt(d_head)
        outs.append(F.softmax(scores, dim=-1) @ v[..., cols])
    x1 = norm(x + torch.cat(outs, dim=-1) @ p["w_o"] + p["b_o"], p["ln1_gamma"], p["ln1_beta"], eps)
    ffn = F.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
    return norm(x1 + ffn, p["ln2_gamma"], p["ln2_beta"], eps)
