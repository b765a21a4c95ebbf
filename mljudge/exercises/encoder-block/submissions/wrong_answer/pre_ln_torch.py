# mistake: pre-ln
# The pre-LN arrangement (PyTorch's norm_first=True): normalise each sublayer's input, add, and stop.
import math

import torch


def norm(y, gamma, beta, eps):
    mean = y.mean(-1, keepdim=True)
    return gamma * (y - mean) / torch.sqrt(y.var(-1, keepdim=True, correction=0) + eps) + beta


def attention(x, p, n_heads):
    *lead, length, d = x.shape
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).reshape(*lead, length, n_heads, -1).transpose(-3, -2) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(d // n_heads), dim=-1)
    return (weights @ v).transpose(-3, -2).reshape(x.shape) @ p["w_o"] + p["b_o"]


def encoder_block(x, p, n_heads, eps=1e-5):
    x = x + attention(norm(x, p["ln1_gamma"], p["ln1_beta"], eps), p, n_heads)
    h = norm(x, p["ln2_gamma"], p["ln2_beta"], eps)
    return x + torch.relu(h @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]
