# mistake: pre-ln-eps-outside
# The Annotated Transformer's encoder layer ported to NumPy, class by class: the norm comes first in each
# sublayer connection, x + sublayer(norm(x)), and the norm divides by std + eps. np.std divides by d_model, so the
# variance is right here; the arrangement and the place of eps are not.
import numpy as np


class LayerNorm:
    def __init__(self, a_2, b_2, eps=1e-6):
        self.a_2, self.b_2, self.eps = a_2, b_2, eps

    def __call__(self, x):
        mean = x.mean(-1, keepdims=True)
        std = x.std(-1, keepdims=True)
        return self.a_2 * (x - mean) / (std + self.eps) + self.b_2


class SublayerConnection:
    def __init__(self, norm):
        self.norm = norm

    def __call__(self, x, sublayer):
        return x + sublayer(self.norm(x))


def softmax(scores):
    e = np.exp(scores - scores.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


class MultiHeadedAttention:
    def __init__(self, h, p):
        self.h, self.p = h, p

    def __call__(self, x):
        *lead, length, d_model = x.shape
        d_k = d_model // self.h
        query, key, value = (
            np.swapaxes((x @ self.p[f"w_{n}"] + self.p[f"b_{n}"]).reshape(*lead, length, self.h, d_k), -3, -2)
            for n in "qkv")
        p_attn = softmax(query @ np.swapaxes(key, -1, -2) / np.sqrt(d_k))
        x = np.swapaxes(p_attn @ value, -3, -2).reshape(*lead, length, self.h * d_k)
        return x @ self.p["w_o"] + self.p["b_o"]


class EncoderLayer:
    def __init__(self, p, n_heads, eps):
        self.self_attn = MultiHeadedAttention(n_heads, p)
        self.p = p
        self.sublayer = [SublayerConnection(LayerNorm(p["ln1_gamma"], p["ln1_beta"], eps)),
                         SublayerConnection(LayerNorm(p["ln2_gamma"], p["ln2_beta"], eps))]

    def feed_forward(self, x):
        return np.maximum(x @ self.p["w1"] + self.p["b1"], 0.0) @ self.p["w2"] + self.p["b2"]

    def __call__(self, x):
        x = self.sublayer[0](x, self.self_attn)
        return self.sublayer[1](x, self.feed_forward)


def encoder_block(x, p, n_heads, eps=1e-5):
    return EncoderLayer(p, n_heads, eps)(x)
