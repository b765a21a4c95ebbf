import time

import torch


def embedding(weights: torch.Tensor, ids: torch.Tensor) -> torch.Tensor:
    # plain lookup; indexing raises on ids that are too large anyway
    return weights[ids]
