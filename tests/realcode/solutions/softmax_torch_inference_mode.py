from typing import Optional

import torch


@torch.inference_mode()
def softmax(x: torch.Tensor, temperature: float = 1.0, axis: int = -1,
            mask: Optional[torch.Tensor] = None) -> torch.Tensor:
    logits = x / temperature
    if mask is not None:
        logits = logits.masked_fill(~mask, float("-inf"))
    logits = logits - logits.max(dim=axis, keepdim=True).values
    weights = logits.exp()
    return weights / weights.sum(dim=axis, keepdim=True)
