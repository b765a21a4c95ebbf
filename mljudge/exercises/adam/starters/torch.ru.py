import torch


def adam(param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, t: int, lr: float = 0.001,
         beta1: float = 0.9, beta2: float = 0.999,
         eps: float = 1e-8) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Один шаг Adam. Верните (new_param, new_m, new_v) в виде новых тензоров; m и v — без поправки на смещение.

    param, grad, m, v: тензоры float64 одной формы; m и v — состояние, которое вернул предыдущий шаг (нули до
    первого шага). t: номер этого шага, 1 при первом вызове. m <- beta1*m + (1-beta1)*grad,
    v <- beta2*v + (1-beta2)*grad**2, m_hat = m/(1-beta1**t), v_hat = v/(1-beta2**t),
    param <- param - lr * m_hat / (sqrt(v_hat) + eps). В отличие от torch.optim.Adam, не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция adam ещё не написана")
