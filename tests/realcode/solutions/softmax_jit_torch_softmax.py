import torch


@torch.jit.script
def softmax(x: torch.Tensor, temperature: float = 1.0, axis: int = -1) -> torch.Tensor:
    return torch.softmax(x / temperature, dim=axis)
