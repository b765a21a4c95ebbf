import torch


def dropout(x: torch.Tensor, p: float, training: bool = True, seed: int = 0) -> torch.Tensor:
    """Inverted dropout.

    x: a float64 tensor of any shape. p: the probability of dropping each unit, 0 <= p <= 1.
    training: when False, return x unchanged. seed: draw the mask with torch.Generator().manual_seed(seed).
    Return a new float64 tensor of x's shape: each element is 0 (dropped, probability p) or x / (1 - p) (kept).
    p = 0 returns x; p = 1 returns zeros (no division by zero).
    """
    # Your code here: handle training=False and the edges p = 0, p = 1, then draw a mask and scale.
    raise NotImplementedError("dropout is not written yet")
