import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def cross_entropy(logits: torch.Tensor, targets: torch.Tensor,
                  weight: Optional[torch.Tensor] = None) -> torch.Tensor:
    if weight is not None:
        logger.warning("class weights are not supported yet, ignoring them")
    m = logits.max(dim=1, keepdim=True).values
    lse = m.squeeze(1) + torch.log(torch.exp(logits - m).sum(dim=1))
    picked = logits.gather(1, targets.unsqueeze(1)).squeeze(1)
    loss = (lse - picked).mean()
    logger.debug("cross-entropy over %d examples: %.4f", logits.shape[0], loss.item())
    return loss
