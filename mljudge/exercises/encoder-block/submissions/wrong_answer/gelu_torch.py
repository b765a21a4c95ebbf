# mistake: gelu
# GELU is BERT's and GPT's choice; the original block uses ReLU.
import math

import torch
import torch.nn.functional as F


def norm(y, gamma, beta, eps):
    var, mean = torch.var_mean(y, dim=-1, keepdim=True, correction=0)
    return gamma * (y - mean) / torch.sqrt(var + eps) + beta


def encoder_block(x, p, n_heads, eps=1e-5):
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).unflatten(-1, (n_heads, -1)).transpose(-3, -2) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1]), dim=-1)
    joined = (weights @ v).transpose(-3, -2).flatten(-2)
    x1 = norm(x + joined @ p["w_o"] + p["b_o"], p["ln1_gamma"], p["ln1_beta"], eps)
    return norm(x1 + F.gelu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"], p["ln2_gamma"], p["ln2_beta"], eps)
