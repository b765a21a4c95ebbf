import torch


def swish(x: torch.Tensor, beta: float = 1.0) -> torch.Tensor:
    """Swish x·σ(βx), elementwise, from tensor operations; SiLU when beta = 1 (the default).

    x: a float64 tensor of any shape; beta: a float. Return a new tensor of the same shape.
    """
    # Your code here: x * sigmoid(beta * x) (torch.sigmoid is allowed; F.silu is not)
    raise NotImplementedError("swish is not written yet")
