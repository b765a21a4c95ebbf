# picoGPT-style NumPy: small pure functions, parameters as nested dicts unpacked with **, heads by np.split.
# The block here is the post-LN encoder block with a ReLU MLP and no causal mask.
import numpy as np


def relu(x):
    return np.maximum(0, x)


def softmax(x):
    exp_x = np.exp(x - np.max(x, axis=-1, keepdims=True))
    return exp_x / np.sum(exp_x, axis=-1, keepdims=True)


def layer_norm(x, g, b, eps: float = 1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    variance = np.var(x, axis=-1, keepdims=True)
    x = (x - mean) / np.sqrt(variance + eps)  # normalize x to have mean=0 and var=1 over last axis
    return g * x + b  # scale and offset with gamma/beta params


def linear(x, w, b):  # [m, in], [in, out], [out] -> [m, out]
    return x @ w + b


def ffn(x, c_fc, c_proj):  # [n_seq, n_embd] -> [n_seq, n_embd]
    # project up
    a = relu(linear(x, **c_fc))  # [n_seq, n_embd] -> [n_seq, 4*n_embd]
    # project back down
    x = linear(a, **c_proj)  # [n_seq, 4*n_embd] -> [n_seq, n_embd]
    return x


def attention(q, k, v):  # [n_q, d_k], [n_k, d_k], [n_k, d_v] -> [n_q, d_v]
    return softmax(q @ k.T / np.sqrt(q.shape[-1])) @ v


def mha(x, c_attn, c_proj, n_head):  # [n_seq, n_embd] -> [n_seq, n_embd]
    # qkv projection
    x = linear(x, **c_attn)  # [n_seq, n_embd] -> [n_seq, 3*n_embd]

    # split into qkv
    qkv = np.split(x, 3, axis=-1)  # [n_seq, 3*n_embd] -> [3, n_seq, n_embd]

    # split into heads
    qkv_heads = list(map(lambda x: np.split(x, n_head, axis=-1), qkv))  # [3, n_head, n_seq, n_embd/n_head]

    # perform attention over each head
    out_heads = [attention(q, k, v) for q, k, v in zip(*qkv_heads)]  # [n_head, n_seq, n_embd/n_head]

    # merge heads
    x = np.hstack(out_heads)  # [n_head, n_seq, n_embd/n_head] -> [n_seq, n_embd]

    # out projection
    x = linear(x, **c_proj)  # [n_seq, n_embd] -> [n_seq, n_embd]
    return x


def transformer_block(x, mlp, attn, ln_1, ln_2, n_head, eps=1e-5):  # [n_seq, n_embd] -> [n_seq, n_embd]
    # multi-head attention, then the residual and the norm (post-LN)
    x = layer_norm(x + mha(x, **attn, n_head=n_head), **ln_1, eps=eps)
    # position-wise feed forward network
    x = layer_norm(x + ffn(x, **mlp), **ln_2, eps=eps)
    return x


def encoder_block(x, p, n_heads, eps=1e-5):
    params = {
        "attn": {
            "c_attn": {"w": np.concatenate([p["w_q"], p["w_k"], p["w_v"]], axis=1),
                       "b": np.concatenate([p["b_q"], p["b_k"], p["b_v"]])},
            "c_proj": {"w": p["w_o"], "b": p["b_o"]},
        },
        "mlp": {"c_fc": {"w": p["w1"], "b": p["b1"]}, "c_proj": {"w": p["w2"], "b": p["b2"]}},
        "ln_1": {"g": p["ln1_gamma"], "b": p["ln1_beta"]},
        "ln_2": {"g": p["ln2_gamma"], "b": p["ln2_beta"]},
    }
    if x.ndim == 3:
        return np.stack([transformer_block(seq, **params, n_head=n_heads, eps=eps) for seq in x])
    return transformer_block(x, **params, n_head=n_heads, eps=eps)
