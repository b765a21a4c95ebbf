import torch


def rmsprop(param: torch.Tensor, grad: torch.Tensor, square_avg: torch.Tensor, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[torch.Tensor, torch.Tensor]:
    s = alpha * square_avg + (1.0 - alpha) * grad * grad
    return param - lr * grad / (torch.sqrt(s) + eps), s
