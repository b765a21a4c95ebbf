# exp and a sum by hand in PyTorch, the row maximum over allowed scores only, a guarded division.
import math

import torch


def attention(q, k, v, mask=None):
    scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    allowed = torch.ones_like(scores, dtype=torch.bool) if mask is None else mask.expand_as(scores)
    top = torch.where(allowed, scores, torch.tensor(float("-inf"), dtype=scores.dtype)).amax(dim=-1, keepdim=True)
    top = torch.where(torch.isfinite(top), top, torch.zeros_like(top))
    e = torch.where(allowed, torch.exp(scores - top), torch.zeros_like(scores))
    total = e.sum(dim=-1, keepdim=True)
    weights = torch.where(total > 0, e / total.clamp_min(1e-300), torch.zeros_like(e))
    return weights @ v
