# A built-up name does not hide the function: the tripwire compares the object itself.
import torch.nn.functional as F


def attention(q, k, v, mask=None):
    kernel = getattr(F, "scaled_dot_product" + "_attention")
    return kernel(q, k, v, attn_mask=mask)
