import torch


def tanh(x: torch.Tensor) -> torch.Tensor:
    # tanh is odd: compute it for |x| and put the sign back. e^(-2|x|) is in (0, 1], so nothing overflows.
    z = torch.exp(-2.0 * torch.abs(x))
    return torch.sign(x) * (1.0 - z) / (1.0 + z)
