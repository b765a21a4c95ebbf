import math

import torch


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])  # (..., L_q, L_k)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))  # a new tensor: the inputs are left alone
    # torch.softmax subtracts each row's maximum; a row of only -inf comes out NaN, and it allows nothing: weights 0.
    weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    return weights @ v
