import torch


def elu(x: torch.Tensor, alpha: float = 1.0) -> torch.Tensor:
    """ELU, elementwise, from tensor operations: x where x > 0, alpha·(eˣ − 1) where x ≤ 0.

    x: a float64 tensor of any shape; alpha: a float > 0. Return a new tensor of the same shape.
    """
    # Your code here: two pieces and a choice between them; keep exp from overflowing for x up to 1000
    raise NotImplementedError("elu is not written yet")
