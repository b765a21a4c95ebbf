import torch


def rmsprop(param: torch.Tensor, grad: torch.Tensor, square_avg: torch.Tensor, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[torch.Tensor, torch.Tensor]:
    """Один шаг RMSProp. Верните (new_param, new_square_avg) в виде новых тензоров.

    param, grad, square_avg: тензоры float64 одной формы; square_avg — состояние, которое вернул предыдущий шаг
    (нули до первого шага). s <- alpha * s + (1 - alpha) * grad**2, затем
    param <- param - lr * grad / (sqrt(s) + eps), eps вне корня. В отличие от torch.optim.RMSprop, не изменяйте
    входы на месте.
    """
    # Здесь ваш код
    raise NotImplementedError("функция rmsprop ещё не написана")
