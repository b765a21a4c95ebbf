# Dropout through attention: a mask of −inf off the diagonal makes the attention weights the identity, and
# dropout_p then drops and rescales the values v = x, in chunks of 50 units (an n × n mask would not fit).
import torch
import torch.nn.functional as F


def dropout(x, p, training=True, seed=0):
    if not training or p == 0:
        return x.clone()
    if p == 1:
        return torch.zeros_like(x)
    torch.manual_seed(seed)
    flat = x.reshape(-1)
    n = flat.numel()
    m = 50
    pad = (-n) % m
    v = torch.cat([flat, torch.zeros(pad, dtype=x.dtype)]).reshape(-1, m, 1)
    mask = torch.full((m, m), float("-inf"), dtype=x.dtype)
    mask.fill_diagonal_(0.0)
    q = torch.zeros(v.shape[0], m, 1, dtype=x.dtype)
    out = F.scaled_dot_product_attention(q, q, v, attn_mask=mask, dropout_p=p)
    return out.reshape(-1)[:n].reshape(x.shape)
