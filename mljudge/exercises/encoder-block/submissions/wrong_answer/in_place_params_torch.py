# Right numbers, but the attention scale is folded into the caller's w_q in place (p['w_q'] /= ...): the case
# mistake: changed-in-place
# reports p['w_q'] as changed.
import math

import torch


def norm(y, gamma, beta, eps):
    var, mean = torch.var_mean(y, dim=-1, keepdim=True, correction=0)
    return gamma * (y - mean) / torch.sqrt(var + eps) + beta


def encoder_block(x, p, n_heads, eps=1e-5):
    d_head = x.shape[-1] // n_heads
    p["w_q"] /= math.sqrt(d_head)
    p["b_q"] /= math.sqrt(d_head)
    q, k, v = ((x @ p["w_" + n] + p["b_" + n]).unflatten(-1, (n_heads, -1)).transpose(-3, -2) for n in "qkv")
    weights = torch.softmax(q @ k.transpose(-1, -2), dim=-1)
    joined = (weights @ v).transpose(-3, -2).flatten(-2)
    x1 = norm(x + joined @ p["w_o"] + p["b_o"], p["ln1_gamma"], p["ln1_beta"], eps)
    return norm(x1 + torch.relu(x1 @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"], p["ln2_gamma"], p["ln2_beta"], eps)
