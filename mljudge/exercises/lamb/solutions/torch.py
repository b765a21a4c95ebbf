import torch


def lamb(param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, t: int, lr: float = 1e-3,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-6,
         weight_decay: float = 0.01) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    m = beta1 * m + (1.0 - beta1) * grad
    v = beta2 * v + (1.0 - beta2) * grad * grad
    m_hat = m / (1.0 - beta1**t)
    v_hat = v / (1.0 - beta2**t)
    r = m_hat / (torch.sqrt(v_hat) + eps) + weight_decay * param
    param_norm, r_norm = torch.linalg.vector_norm(param), torch.linalg.vector_norm(r)
    ratio = param_norm / r_norm if param_norm > 0 and r_norm > 0 else 1.0
    return param - lr * ratio * r, m, v
