import torch.nn.functional as F


def attention(q, k, v, mask=None):
    return F.scaled_dot_product_attention(q, k, v, attn_mask=mask)
