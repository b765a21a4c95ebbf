import torch


def leaky_relu(x: torch.Tensor, negative_slope: float = 0.01) -> torch.Tensor:
    """Leaky ReLU, applied elementwise, from tensor operations (not F.leaky_relu).

    x: a float64 tensor of any shape; negative_slope: a float. Return a new float64 tensor of the
    same shape: each positive element unchanged, every other element multiplied by negative_slope.
    """
    # Your code here: x where it is positive, negative_slope * x elsewhere
    raise NotImplementedError("leaky_relu is not written yet")
