import torch


def sgd_momentum(param: torch.Tensor, grad: torch.Tensor, velocity: torch.Tensor, lr: float = 0.01,
                 momentum: float = 0.9) -> tuple[torch.Tensor, torch.Tensor]:
    """Один шаг градиентного спуска с моментом. Верните (new_param, new_velocity) в виде новых тензоров.

    param, grad, velocity: тензоры float64 одной формы; velocity — состояние, которое вернул предыдущий шаг (нули
    до первого шага). v <- momentum * v + grad, затем param <- param - lr * v. В отличие от torch.optim.SGD,
    не изменяйте входы на месте.
    """
    # Здесь ваш код
    raise NotImplementedError("функция sgd_momentum ещё не написана")
