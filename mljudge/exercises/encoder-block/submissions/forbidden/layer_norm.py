# Attention by hand, but the norms from F.layer_norm.
import math

import torch
import torch.nn.functional as F


def encoder_block(x, p, n_heads, eps=1e-5):
    d = x.shape[-1]
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).unflatten(-1, (n_heads, -1)).transpose(-3, -2) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // n_heads), dim=-1)
    joined = (weights @ v).transpose(-3, -2).flatten(-2)
    x1 = F.layer_norm(x + joined @ p["w_o"] + p["b_o"], (d,), p["ln1_gamma"], p["ln1_beta"], eps)
    ffn = torch.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
    return F.layer_norm(x1 + ffn, (d,), p["ln2_gamma"], p["ln2_beta"], eps)
