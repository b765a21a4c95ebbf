import numpy as np


def adam(param: np.ndarray, grad: np.ndarray, m: np.ndarray, v: np.ndarray, t: int, lr: float = 0.001,
         beta1: float = 0.9, beta2: float = 0.999, eps: float = 1e-8) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Один шаг Adam. Верните (new_param, new_m, new_v) в виде новых массивов; m и v — без поправки на смещение.

    param, grad, m, v: массивы float64 одной формы; m и v — состояние, которое вернул предыдущий шаг (нули до
    первого шага). t: номер этого шага, 1 при первом вызове. m <- beta1*m + (1-beta1)*grad,
    v <- beta2*v + (1-beta2)*grad**2, m_hat = m/(1-beta1**t), v_hat = v/(1-beta2**t),
    param <- param - lr * m_hat / (sqrt(v_hat) + eps). Не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция adam ещё не написана")
