import torch


def tanh(x: torch.Tensor) -> torch.Tensor:
    """The hyperbolic tangent (e^x - e^-x) / (e^x + e^-x), applied elementwise, built from torch.exp
    (not torch.tanh).

    x: a float64 tensor of any shape. Return a new float64 tensor of the same shape, every value in [-1, 1],
    finite (no NaN) even for inputs as large as ±1000.
    """
    # Your code here: only ever exponentiate numbers that are <= 0
    raise NotImplementedError("tanh is not written yet")
