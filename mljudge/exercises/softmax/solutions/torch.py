import torch


def softmax(x: torch.Tensor, temperature: float = 1.0, axis: int = -1) -> torch.Tensor:
    z = (x - x.amax(dim=axis, keepdim=True)) / temperature
    e = torch.exp(z)
    return e / e.sum(dim=axis, keepdim=True)
