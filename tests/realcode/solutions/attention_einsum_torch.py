import math
from typing import Optional

import torch
from torch import Tensor


def attention(q: Tensor, k: Tensor, v: Tensor, mask: Optional[Tensor] = None) -> Tensor:
    scores = torch.einsum("...qd,...kd->...qk", q, k) / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1).nan_to_num(0.0)   # rows with nothing allowed: 0/0 -> 0
    return torch.einsum("...qk,...kd->...qd", weights, v)
