import torch


@torch.jit.script
def _stable_sigmoid(x: torch.Tensor) -> torch.Tensor:
    z = torch.exp(-torch.abs(x))
    return torch.where(x >= 0, 1.0 / (1.0 + z), z / (1.0 + z))


def sigmoid(x):
    return _stable_sigmoid(x)
