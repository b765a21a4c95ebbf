# Everything in float32, the usual precision for a model: 4 decimals survive here.
import math

import torch


def encoder_block(x, p, n_heads, eps=1e-5):
    x = x.float()
    p = {name: value.float() for name, value in p.items()}

    def norm(y, i):
        mean = y.mean(-1, keepdim=True)
        var = y.var(-1, keepdim=True, correction=0)
        return p[f"ln{i}_gamma"] * (y - mean) / torch.sqrt(var + eps) + p[f"ln{i}_beta"]

    *lead, length, d = x.shape
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).view(*lead, length, n_heads, -1).transpose(-3, -2) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // n_heads), dim=-1)
    x1 = norm(x + (weights @ v).transpose(-3, -2).reshape(x.shape) @ p["w_o"] + p["b_o"], 1)
    out = norm(x1 + torch.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"], 2)
    return out.double()
