import torch


def lamb(param: torch.Tensor, grad: torch.Tensor, m: torch.Tensor, v: torch.Tensor, t: int, lr: float = 1e-3,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-6,
         weight_decay: float = 0.01) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Один шаг LAMB. Верните (new_param, new_m, new_v) в виде новых тензоров; m и v — без поправки на смещение.

    param, grad, m, v: тензоры float64 одной формы (m, v: нули до первого шага). t: номер этого шага, 1 при
    первом вызове. Моменты Adam и поправка на смещение дают m_hat и v_hat; r = m_hat/(sqrt(v_hat) + eps)
    + weight_decay*param; ratio = ||param||/||r|| по всем элементам или 1, если хотя бы одна из норм равна 0;
    param <- param - lr*ratio*r. Без torch.optim; не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция lamb ещё не написана")
