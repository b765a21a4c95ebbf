import torch


@torch.compile(fullgraph=True)
def swish(x: torch.Tensor, beta: float = 1.0) -> torch.Tensor:
    return beta * x * torch.sigmoid(x)
