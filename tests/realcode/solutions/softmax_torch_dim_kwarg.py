import torch


def softmax(x: torch.Tensor, temperature: float = 1.0, dim: int = -1) -> torch.Tensor:
    # same argument name as torch.softmax
    z = x / temperature
    z = z - z.amax(dim=dim, keepdim=True)
    e = torch.exp(z)
    return e / e.sum(dim=dim, keepdim=True)
