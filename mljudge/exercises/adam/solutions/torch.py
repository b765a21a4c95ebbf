import torch


def adam(param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, t: int, lr: float = 0.001,
         beta1: float = 0.9, beta2: float = 0.999,
         eps: float = 1e-8) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    m = beta1 * m + (1.0 - beta1) * grad
    v = beta2 * v + (1.0 - beta2) * grad * grad
    m_hat = m / (1.0 - beta1**t)
    v_hat = v / (1.0 - beta2**t)
    return param - lr * m_hat / (torch.sqrt(v_hat) + eps), m, v
