# The math backend of SDPA, called at the dispatcher: caught where the op runs.
import torch


def attention(q, k, v, mask=None):
    return torch.ops.aten._scaled_dot_product_attention_math(q, k, v, attn_mask=mask)[0]
