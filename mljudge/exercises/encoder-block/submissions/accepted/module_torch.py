# The block as an nn.Module of nn.Linear layers, loaded from p (nn.Linear stores (out, in): the weights go in
# transposed). Layer norm is written by hand; nn.Linear and F.linear are plain matrix products and are allowed.
import math

import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, p, n_heads, eps):
        super().__init__()
        d, f = p["w1"].shape
        self.n_heads, self.eps = n_heads, eps
        self.lin = nn.ModuleDict({name: nn.Linear(*p["w_" + name].shape, dtype=torch.float64)
                                  for name in ("q", "k", "v", "o")})
        self.up = nn.Linear(d, f, dtype=torch.float64)
        self.down = nn.Linear(f, d, dtype=torch.float64)
        with torch.no_grad():
            for name, layer in self.lin.items():
                layer.weight.copy_(p["w_" + name].T)
                layer.bias.copy_(p["b_" + name])
            self.up.weight.copy_(p["w1"].T)
            self.up.bias.copy_(p["b1"])
            self.down.weight.copy_(p["w2"].T)
            self.down.bias.copy_(p["b2"])
        self.norms = [(p["ln1_gamma"], p["ln1_beta"]), (p["ln2_gamma"], p["ln2_beta"])]

    def norm(self, y, i):
        gamma, beta = self.norms[i]
        mean = y.mean(-1, keepdim=True)
        var = (y - mean).pow(2).mean(-1, keepdim=True)
        return gamma * (y - mean) / (var + self.eps).sqrt() + beta

    def forward(self, x):
        *lead, length, d = x.shape
        h = self.n_heads

        def heads(t):
            return t.reshape(*lead, length, h, d // h).transpose(-3, -2)

        q, k, v = (heads(self.lin[n](x)) for n in "qkv")
        weights = (q @ k.transpose(-1, -2) / math.sqrt(d // h)).softmax(-1)
        attended = self.lin["o"]((weights @ v).transpose(-3, -2).reshape(x.shape))
        x1 = self.norm(x + attended, 0)
        return self.norm(x1 + self.down(torch.relu(self.up(x1))), 1)


def encoder_block(x, p, n_heads, eps=1e-5):
    with torch.no_grad():
        return Block(p, n_heads, eps)(x)
