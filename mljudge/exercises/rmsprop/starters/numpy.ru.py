import numpy as np


def rmsprop(param: np.ndarray, grad: np.ndarray, square_avg: np.ndarray, lr: float = 0.01, alpha: float = 0.99,
            eps: float = 1e-8) -> tuple[np.ndarray, np.ndarray]:
    """Один шаг RMSProp. Верните (new_param, new_square_avg) в виде новых массивов.

    param, grad, square_avg: массивы float64 одной формы; square_avg — состояние, которое вернул предыдущий шаг
    (нули до первого шага). s <- alpha * s + (1 - alpha) * grad**2, затем
    param <- param - lr * grad / (sqrt(s) + eps), eps вне корня. Не изменяйте входы.
    """
    # Здесь ваш код
    raise NotImplementedError("функция rmsprop ещё не написана")
