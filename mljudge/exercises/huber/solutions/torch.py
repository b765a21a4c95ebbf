import torch


def huber(pred: torch.Tensor, target: torch.Tensor, delta: float = 1.0) -> torch.Tensor:
    d = pred - target
    a = torch.abs(d)
    loss = torch.where(a <= delta, 0.5 * d * d, delta * (a - 0.5 * delta))
    return loss.mean()
