import numpy as np


def lamb(param: np.ndarray, grad: np.ndarray, m: np.ndarray, v: np.ndarray, t: int, lr: float = 1e-3,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-6,
         weight_decay: float = 0.01) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Один шаг LAMB. Верните (new_param, new_m, new_v) в виде новых массивов; m и v — без поправки на смещение.

    param, grad, m, v: массивы float64 одной формы (m, v: нули до первого шага). t: номер этого шага, 1 при
    первом вызове. Моменты Adam и поправка на смещение дают m_hat и v_hat; r = m_hat/(sqrt(v_hat) + eps)
    + weight_decay*param; ratio = ||param||/||r|| по всем элементам или 1, если хотя бы одна из норм равна 0;
    param <- param - lr*ratio*r. Не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция lamb ещё не написана")
