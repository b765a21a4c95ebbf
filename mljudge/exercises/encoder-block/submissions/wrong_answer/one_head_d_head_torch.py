# mistake: one-head-d-head-scale
# d_head is computed and used for the scale, but the heads are never split.
import math

import torch


def norm(y, gamma, beta, eps):
    var, mean = torch.var_mean(y, dim=-1, keepdim=True, correction=0)
    return gamma * (y - mean) / torch.sqrt(var + eps) + beta


def encoder_block(x, p, n_heads, eps=1e-5):
    d_head = x.shape[-1] // n_heads
    q, k, v = (x @ p["w_" + n] + p["b_" + n] for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d_head), dim=-1)
    x1 = norm(x + (weights @ v) @ p["w_o"] + p["b_o"], p["ln1_gamma"], p["ln1_beta"], eps)
    return norm(x1 + torch.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"], p["ln2_gamma"], p["ln2_beta"], eps)
